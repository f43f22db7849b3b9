import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Octokit } from '@octokit/rest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/server/index.js'
import { tempDir } from '../helpers/app.js'
import { firstSecretKey, startQuietServer } from '../helpers/server.js'
import { expectValidAnswer as valid } from '../simulation/github-schemas.js'
import { simulatedConnect } from '../simulation/helpers.js'

/**
 * GitHub's published OpenAPI document (@octokit/openapi) attached to a custom provider, and
 * @octokit/rest, unchanged, against the simulation it gives: create an issue, get it, list the
 * repository's issues. Every answer is checked with ajv against GitHub's own response schemas.
 */
const data = tempDir('switchyard-openapi-octokit-')
const documentPath = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json')
let server: RunningServer
let octokit: Octokit

beforeAll(async () => {
  server = await startQuietServer(data.dir)
  const key = firstSecretKey(server)
  const api = (method: string, path: string, body: string, type = 'application/json') =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': type },
      body,
    })
  const provider = await api(
    'POST',
    '/api/providers',
    JSON.stringify({
      id: 'octo-openapi',
      name: 'GitHub from its OpenAPI document',
      auth: {
        type: 'oauth2',
        authorization_url: 'http://127.0.0.1:9/authorize',
        token_url: 'http://127.0.0.1:9/token',
        scopes: ['repo'],
      },
    }),
  )
  expect(provider.status).toBe(201)
  const put = await api('PUT', '/api/providers/octo-openapi/openapi', readFileSync(documentPath, 'utf8'))
  expect(put.status, await put.clone().text()).toBe(200)
  const info = (await put.json()) as { operations: number; resources: string[] }
  expect(info.operations).toBeGreaterThan(1000)
  expect(info.resources).toContain('/repos/{owner}/{repo}/issues')
  const conn = await simulatedConnect(server, 'octo-openapi', 'octo-acme')
  octokit = new Octokit({
    baseUrl: `${server.url}/proxy/${conn}`,
    auth: key,
    log: { debug() {}, info() {}, warn() {}, error() {} },
  })
}, 60_000)
afterAll(async () => {
  await server.close()
  data.cleanup()
})

describe('@octokit/rest against the simulation of GitHub’s OpenAPI document', () => {
  it('creates an issue, gets it and lists it, each answer valid against the document', async () => {
    const created = await octokit.rest.issues.create({
      owner: 'acme',
      repo: 'app',
      title: 'Found through Octokit',
      body: 'Steps to reproduce…',
      labels: ['bug'],
    })
    expect(created.status).toBe(201)
    expect(created.headers['switchyard-operation']).toBe('issues/create')
    valid('POST', '/repos/{owner}/{repo}/issues', 201, created.data)
    expect(created.data).toMatchObject({
      number: 1,
      title: 'Found through Octokit',
      body: 'Steps to reproduce…',
    })

    const second = await octokit.rest.issues.create({ owner: 'acme', repo: 'app', title: 'Second' })
    expect(second.data.number).toBe(2)
    await octokit.rest.issues.create({ owner: 'acme', repo: 'other', title: 'Elsewhere' })

    const got = await octokit.rest.issues.get({ owner: 'acme', repo: 'app', issue_number: 1 })
    valid('GET', '/repos/{owner}/{repo}/issues/{issue_number}', 200, got.data)
    expect(got.data).toEqual(created.data)

    const listed = await octokit.rest.issues.listForRepo({ owner: 'acme', repo: 'app' })
    valid('GET', '/repos/{owner}/{repo}/issues', 200, listed.data)
    expect(listed.data.map((i) => i.title)).toEqual(['Found through Octokit', 'Second'])

    const page = await octokit.rest.issues.listForRepo({ owner: 'acme', repo: 'app', per_page: 1, page: 2 })
    expect(page.data.map((i) => i.number)).toEqual([2])

    const missing = await octokit.rest.issues
      .get({ owner: 'acme', repo: 'app', issue_number: 99 })
      .catch((e) => e)
    expect(missing.status).toBe(404)
  })

  it('refuses a request the document does not allow', async () => {
    const refused = await octokit
      // Octokit's types require a title; the point is the gateway's refusal without one.
      .request('POST /repos/{owner}/{repo}/issues', { owner: 'acme', repo: 'app', body: 'no title' } as never)
      .catch((e: { status: number; response: { data: unknown } }) => e)
    expect(refused.status).toBe(400)
    expect(JSON.stringify((refused as { response: { data: unknown } }).response.data)).toContain('title')
  })
})
