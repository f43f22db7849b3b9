import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { customProvider, fixture, putDocument, simulatedConnection } from './helpers.js'

/** Faults wrap the whole chain of a simulated connection, the OpenAPI document's answers included. */
let t: TestApp
let conn: string
beforeAll(async () => {
  t = await createTestApp()
  await customProvider(t, 'petstore')
  expect((await putDocument(t, 'petstore', fixture('petstore.json'), 'application/json')).status).toBe(200)
  conn = await simulatedConnection(t, 'petstore')
})
afterAll(() => t.close())

describe('faults on an OpenAPI-simulated connection', () => {
  it('a server_error fault answers instead of the document, then the document answers again', async () => {
    const list = () => t.req('GET', `/proxy/${conn}/pets`, { key: t.secretKey })
    const before = await list()
    expect(before.status).toBe(200)
    expect(before.headers.get('switchyard-operation')).toBe('listPets')

    const fault = await t.req('POST', `/api/connections/${conn}/faults`, {
      key: t.secretKey,
      body: { kind: 'server_error', count: 1, status: 503 },
    })
    expect(fault.status, await fault.clone().text()).toBe(201)
    const failed = await list()
    expect(failed.status).toBe(503)
    expect(failed.headers.get('switchyard-proxy-mode')).toBe('simulated')
    expect(failed.headers.get('switchyard-operation')).toBeNull()
    expect(await failed.json()).toMatchObject({ simulated_fault: true })

    const after = await list()
    expect(after.status).toBe(200)
    expect(after.headers.get('switchyard-operation')).toBe('listPets')
  })
})
