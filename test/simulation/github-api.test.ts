import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** The simulated GitHub REST API through the proxy, with plain HTTP (Octokit drives it in github-octokit). */
let t: TestApp
let conn: string
let login: string
const gh = (method: string, path: string, body?: unknown, id = conn) =>
  t.req(method, `/proxy/${id}${path}`, { key: t.secretKey, ...(body !== undefined && { body }) })

beforeAll(async () => {
  t = await createTestApp()
  const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'acme' })
  conn = params.get('connection_id')!
  const res = await gh('GET', '/user')
  expect(res.status).toBe(200)
  login = (await res.json()).login
})
afterAll(() => t.close())

describe('simulated GitHub', () => {
  it('answers GET /user with the account user, simulated, with GitHub headers', async () => {
    const res = await gh('GET', '/user')
    expect(res.headers.get('switchyard-proxy-mode')).toBe('simulated')
    expect(res.headers.get('x-ratelimit-limit')).toBe('5000')
    const user = await res.json()
    expect(user.login).toBe('acme')
    expect(user.type).toBe('User')
  })

  it('creates a repository, then issues and comments in it, with Link pagination', async () => {
    const repo = await gh('POST', '/user/repos', { name: 'widgets', description: 'Widgets' })
    expect(repo.status).toBe(201)
    expect((await repo.json()).full_name).toBe(`${login}/widgets`)
    for (let i = 1; i <= 3; i++) {
      const res = await gh('POST', `/repos/${login}/widgets/issues`, { title: `Issue ${i}` })
      expect(res.status).toBe(201)
      expect((await res.json()).number).toBe(i)
    }
    const page1 = await gh('GET', `/repos/${login}/widgets/issues?per_page=2`)
    expect(page1.status).toBe(200)
    expect((await page1.json()).map((i: { number: number }) => i.number)).toEqual([3, 2])
    const link = page1.headers.get('link')!
    expect(link).toContain('rel="next"')
    expect(link).toContain(`/proxy/${conn}/repos/${login}/widgets/issues?per_page=2&page=2`)
    const closed = await gh('PATCH', `/repos/${login}/widgets/issues/1`, { state: 'closed' })
    expect(closed.status).toBe(200)
    expect((await closed.json()).state_reason).toBe('completed')
    const open = await (await gh('GET', `/repos/${login}/widgets/issues`)).json()
    expect(open.map((i: { number: number }) => i.number)).toEqual([3, 2])
    const comment = await gh('POST', `/repos/${login}/widgets/issues/2/comments`, { body: 'Looks good' })
    expect(comment.status).toBe(201)
    const comments = await (await gh('GET', `/repos/${login}/widgets/issues/2/comments`)).json()
    expect(comments.map((c: { body: string }) => c.body)).toEqual(['Looks good'])
    expect((await (await gh('GET', `/repos/${login}/widgets/issues/2`)).json()).comments).toBe(1)
    expect((await (await gh('GET', `/repos/${login}/widgets`)).json()).open_issues_count).toBe(2)
  })

  it('answers GitHub 404s and 422s', async () => {
    const missing = await gh('GET', '/repos/someone-else/widgets')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({
      message: 'Not Found',
      documentation_url: expect.any(String),
    })
    const invalid = await gh('POST', `/repos/${login}/widgets/issues`, { body: 'no title' })
    expect(invalid.status).toBe(422)
    expect(await invalid.json()).toMatchObject({
      message: 'Validation Failed',
      errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }],
    })
    const dup = await gh('POST', '/user/repos', { name: 'Widgets' })
    expect(dup.status).toBe(422)
    const bad = await t.req('POST', `/proxy/${conn}/user/repos`, {
      key: t.secretKey,
      raw: '{nope',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toBe('Problems parsing JSON')
  })
})

describe('scopes, as GitHub enforces them for OAuth tokens', () => {
  it('without repo or public_repo, creating a repository or an issue is a 404; public_repo cannot touch private repos', async () => {
    const { params } = await simulatedFlow(t, {
      provider: 'github',
      tenant_id: 'reader',
      scopes: ['read:user'],
    })
    const reader = params.get('connection_id')!
    const created = await gh('POST', '/user/repos', { name: 'nope' }, reader)
    expect(created.status).toBe(404)
    expect(created.headers.get('x-accepted-oauth-scopes')).toBe('public_repo, repo')
    expect(created.headers.get('x-oauth-scopes')).toBe('read:user')
    expect((await gh('GET', '/user', undefined, reader)).status).toBe(200)

    const { params: p2 } = await simulatedFlow(t, {
      provider: 'github',
      tenant_id: 'public',
      scopes: ['public_repo'],
    })
    const publicOnly = p2.get('connection_id')!
    expect((await gh('POST', '/user/repos', { name: 'open' }, publicOnly)).status).toBe(201)
    expect((await gh('POST', '/user/repos', { name: 'secret', private: true }, publicOnly)).status).toBe(404)
    expect((await gh('POST', '/repos/public/open/issues', { title: 'ok' }, publicOnly)).status).toBe(201)
  })
})
