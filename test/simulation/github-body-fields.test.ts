import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatedFlow } from '../helpers/api/oauth-helpers.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** How the simulated GitHub reads request bodies: each field's type, GitHub's 422 naming the first bad one. */
let t: TestApp
let conn: string
const gh = (method: string, path: string, body?: unknown) =>
  t.req(method, `/proxy/${conn}${path}`, { key: t.secretKey, ...(body !== undefined && { body }) })

beforeAll(async () => {
  t = await createTestApp()
  const { params } = await simulatedFlow(t, { provider: 'github', tenant_id: 'fields' })
  conn = params.get('connection_id')!
  expect((await gh('POST', '/user/repos', { name: 'kit' })).status).toBe(201)
})
afterAll(() => t.close())

const refusal = async (res: Response) => ({ status: res.status, body: await res.json() })
const invalid = (resource: string, field: string) => ({
  status: 422,
  body: expect.objectContaining({
    message: 'Validation Failed',
    errors: [{ resource, code: 'invalid', field }],
  }),
})

describe('simulated GitHub request bodies', () => {
  it('refuses a repository field of the wrong type, naming the first one, and creates nothing', async () => {
    expect(await refusal(await gh('POST', '/user/repos', { name: 'x', private: 'yes' }))).toEqual(
      invalid('Repository', 'private'),
    )
    expect(await refusal(await gh('POST', '/user/repos', { name: 7, homepage: 3 }))).toEqual(
      invalid('Repository', 'name'),
    )
    expect((await gh('GET', '/repos/fields/x')).status).toBe(404)
    const taken = await refusal(await gh('POST', '/user/repos', { name: 'KIT' }))
    expect(taken.body).toMatchObject({
      message: 'Repository creation failed.',
      errors: [{ resource: 'Repository', code: 'custom', field: 'name' }],
    })
  })

  it('takes a numeric issue title as text and refuses bad labels, states and blank titles', async () => {
    const made = await gh('POST', '/repos/fields/kit/issues', { title: 42, body: null })
    expect(made.status).toBe(201)
    expect((await made.json()).title).toBe('42')
    const issues = '/repos/fields/kit/issues'
    expect(await refusal(await gh('POST', issues, { title: 'a', labels: 'bug' }))).toEqual(
      invalid('Issue', 'labels'),
    )
    expect(await refusal(await gh('PATCH', `${issues}/1`, { state: 'done' }))).toEqual(
      invalid('Issue', 'state'),
    )
    expect(await refusal(await gh('PATCH', `${issues}/1`, { state_reason: 'bored' }))).toEqual(
      invalid('Issue', 'state_reason'),
    )
    const blank = await refusal(await gh('PATCH', `${issues}/1`, { title: '  ' }))
    expect(blank.body.errors).toEqual([{ resource: 'Issue', code: 'missing_field', field: 'title' }])
    expect((await (await gh('GET', `${issues}/1`)).json()).title).toBe('42')
  })

  it('refuses a comment body that is not text, or blank', async () => {
    const comments = '/repos/fields/kit/issues/1/comments'
    expect(await refusal(await gh('POST', comments, { body: 5 }))).toEqual(invalid('IssueComment', 'body'))
    const blank = await refusal(await gh('POST', comments, { body: ' ' }))
    expect(blank.body.errors).toEqual([{ resource: 'IssueComment', code: 'missing_field', field: 'body' }])
    expect(await (await gh('GET', comments)).json()).toEqual([])
  })

  it('answers a GraphQL request without a query, or with variables that are not an object, with a 400', async () => {
    const missing = await refusal(await gh('POST', '/graphql', { variables: [] }))
    expect(missing).toMatchObject({
      status: 400,
      body: { message: 'A query attribute must be specified and must be a string.' },
    })
    const variables = await refusal(
      await gh('POST', '/graphql', { query: '{ viewer { login } }', variables: [] }),
    )
    expect(variables).toMatchObject({ status: 400, body: { message: 'Variables must be an object.' } })
    const named = await gh('POST', '/graphql', {
      query: '{ viewer { login } }',
      variables: null,
      operationName: 5,
    })
    expect(await named.json()).toEqual({ data: { viewer: { login: 'fields' } } })
  })
})

describe('simulated GitHub repository names', () => {
  it('takes names that are also JavaScript object keys (constructor, __proto__) like any other', async () => {
    for (const name of ['constructor', '__proto__']) {
      expect((await gh('POST', '/user/repos', { name })).status).toBe(201)
      expect((await gh('GET', `/repos/fields/${name}`)).status).toBe(200)
      const made = await gh('POST', `/repos/fields/${name}/issues`, { title: 'first' })
      expect((await made.json()).number).toBe(1)
      expect((await refusal(await gh('POST', '/user/repos', { name }))).body.message).toBe(
        'Repository creation failed.',
      )
    }
    const names = (await (await gh('GET', '/user/repos')).json()).map((r: { name: string }) => r.name)
    expect(names).toEqual(expect.arrayContaining(['constructor', '__proto__', 'kit']))
  })
})
