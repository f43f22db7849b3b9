import { Octokit } from '@octokit/rest'
import { verify } from '@octokit/webhooks-methods'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { problems, expectValidAnswer as valid, webhookValidator } from './github-schemas.js'
import { capturedWebhooks, header, simulatedConnect } from './helpers.js'

/**
 * The official SDK, unchanged, against the simulation: @octokit/rest pointed at
 * <gateway>/proxy/<connection_id> with a Switchyard secret key. Every answer is checked against
 * GitHub's OpenAPI response schema, every emitted webhook against GitHub's webhook schemas and
 * its signature with @octokit/webhooks-methods.
 */
const SECRET = 'octokit-tour-secret'
const data = tempDir('switchyard-octokit-')
let server: RunningServer
let octokit: Octokit
let login: string

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  const key = firstSecretKey(server)
  const config = await fetch(`${server.url}/api/provider-configs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'github', webhook_secret: SECRET }),
  })
  expect(config.status).toBe(201)
  const conn = await simulatedConnect(server, 'github', 'octo-acme')
  octokit = new Octokit({
    baseUrl: `${server.url}/proxy/${conn}`,
    auth: key,
    log: { debug() {}, info() {}, warn() {}, error() {} },
  })
})
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('@octokit/rest against the simulated GitHub', () => {
  it('drives every simulated operation, each answer valid against GitHub’s OpenAPI schemas', async () => {
    const me = await octokit.rest.users.getAuthenticated()
    valid('GET', '/user', 200, me.data)
    login = me.data.login
    expect(login).toBe('octo-acme')

    const created = await octokit.rest.repos.createForAuthenticatedUser({
      name: 'sdk-repo',
      description: 'From Octokit',
    })
    expect(created.status).toBe(201)
    valid('POST', '/user/repos', 201, created.data)
    await octokit.rest.repos.createForAuthenticatedUser({ name: 'private-repo', private: true })

    const repos = await octokit.rest.repos.listForAuthenticatedUser()
    valid('GET', '/user/repos', 200, repos.data)
    expect(repos.data.map((r) => r.name)).toEqual(['private-repo', 'sdk-repo'])

    const repo = await octokit.rest.repos.get({ owner: login, repo: 'sdk-repo' })
    valid('GET', '/repos/{owner}/{repo}', 200, repo.data)

    const issue = await octokit.rest.issues.create({
      owner: login,
      repo: 'sdk-repo',
      title: 'Found through Octokit',
      body: 'Steps to reproduce…',
      labels: ['bug'],
    })
    expect(issue.status).toBe(201)
    valid('POST', '/repos/{owner}/{repo}/issues', 201, issue.data)
    expect(issue.data.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual(['bug'])

    const got = await octokit.rest.issues.get({
      owner: login,
      repo: 'sdk-repo',
      issue_number: issue.data.number,
    })
    valid('GET', '/repos/{owner}/{repo}/issues/{issue_number}', 200, got.data)

    const edited = await octokit.rest.issues.update({
      owner: login,
      repo: 'sdk-repo',
      issue_number: issue.data.number,
      title: 'Found through Octokit, edited',
    })
    valid('PATCH', '/repos/{owner}/{repo}/issues/{issue_number}', 200, edited.data)
    const closed = await octokit.rest.issues.update({
      owner: login,
      repo: 'sdk-repo',
      issue_number: issue.data.number,
      state: 'closed',
      state_reason: 'not_planned',
    })
    expect(closed.data.state_reason).toBe('not_planned')
    const reopened = await octokit.rest.issues.update({
      owner: login,
      repo: 'sdk-repo',
      issue_number: issue.data.number,
      state: 'open',
    })
    expect(reopened.data.state).toBe('open')

    const comment = await octokit.rest.issues.createComment({
      owner: login,
      repo: 'sdk-repo',
      issue_number: issue.data.number,
      body: 'On it.',
    })
    expect(comment.status).toBe(201)
    valid('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', 201, comment.data)

    const comments = await octokit.rest.issues.listComments({
      owner: login,
      repo: 'sdk-repo',
      issue_number: issue.data.number,
    })
    valid('GET', '/repos/{owner}/{repo}/issues/{issue_number}/comments', 200, comments.data)
    expect(comments.data.map((c) => c.body)).toEqual(['On it.'])

    const issues = await octokit.rest.issues.listForRepo({ owner: login, repo: 'sdk-repo' })
    valid('GET', '/repos/{owner}/{repo}/issues', 200, issues.data)
    expect(issues.data).toHaveLength(1)
  })

  it('paginates with octokit.paginate over the Link header', async () => {
    for (let i = 0; i < 5; i++)
      await octokit.rest.issues.create({ owner: login, repo: 'sdk-repo', title: `Page ${i}` })
    const all = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner: login,
      repo: 'sdk-repo',
      per_page: 2,
    })
    expect(all).toHaveLength(6)
    expect(new Set(all.map((i) => i.number)).size).toBe(6)
  })

  it('surfaces GitHub’s errors as Octokit RequestErrors (404, 422)', async () => {
    await expect(octokit.rest.repos.get({ owner: 'someone-else', repo: 'sdk-repo' })).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'Not Found' } },
    })
    const invalid = await octokit.rest.issues
      .create({ owner: login, repo: 'sdk-repo', title: '' })
      .catch((e) => e)
    expect(invalid.status).toBe(422)
    expect(invalid.response.data.errors).toEqual([
      { resource: 'Issue', code: 'missing_field', field: 'title' },
    ])
    valid('POST', '/repos/{owner}/{repo}/issues', 422, invalid.response.data)
  })

  it('emitted webhooks are valid against @octokit/webhooks-schemas and their signatures verify', async () => {
    await server.core.simulation.settled()
    const hooks = capturedWebhooks(server.core.db)
    const kinds = hooks.map((h) => `${header(h, 'x-github-event')}.${h.body.action}`)
    for (const kind of [
      'repository.created',
      'issues.opened',
      'issues.edited',
      'issues.closed',
      'issues.reopened',
      'issue_comment.created',
    ])
      expect(kinds).toContain(kind)
    for (const hook of hooks) {
      const event = header(hook, 'x-github-event')!
      const validate = webhookValidator(event, String(hook.body.action))
      expect(validate(hook.body), `${event}.${hook.body.action}: ${problems(validate).join('\n')}`).toBe(true)
      const raw = server.core.db
        .prepare('SELECT body FROM event_requests WHERE event_id = ?')
        .get(hook.id) as { body: Buffer }
      expect(await verify(SECRET, raw.body.toString('utf8'), header(hook, 'x-hub-signature-256')!)).toBe(true)
      expect(hook.signature).toBe('valid')
    }
  })
})
