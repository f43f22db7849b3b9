import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { OpenAPIHono } from '@hono/zod-openapi'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/server/env.js'
import { registerUiRoutes } from '../../src/server/routes/ui.routes.js'
import { UI_CSP } from '../../src/server/ui-csp.js'
import { createTestApp, type TestApp, tempDir } from '../helpers/app.js'

/** A fake built renderer, so these tests do not depend on a UI build. */
const dist = tempDir()
const renderer = join(dist.dir, 'renderer')
let ui: OpenAPIHono<AppEnv>
beforeAll(() => {
  mkdirSync(join(renderer, 'assets'), { recursive: true })
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(join(renderer, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(renderer, 'assets', 'index-abc123.css'), 'body{}')
  writeFileSync(join(renderer, 'favicon.svg'), '<svg/>')
  writeFileSync(join(dist.dir, 'secret.txt'), 'outside the renderer')
  ui = new OpenAPIHono<AppEnv>()
  registerUiRoutes(ui, { rendererDir: renderer })
})
afterAll(() => dist.cleanup())

const get = (path: string) => ui.request(path, { headers: { host: '127.0.0.1:4747' } })

describe('serving the UI', () => {
  it('serves index.html at / with the strict CSP and no caching', async () => {
    const res = await get('/?token=adm_x')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toBe(UI_CSP)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(await res.text()).toContain('id="root"')
  })

  it('falls back to index.html for client routes under /ui/', async () => {
    for (const path of ['/ui', '/ui/events', '/ui/connections/deep/link']) {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('id="root"')
    }
  })

  it('serves hashed assets with their content type and a year of caching', async () => {
    const js = await get('/assets/index-abc123.js')
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(js.headers.get('x-content-type-options')).toBe('nosniff')
    const css = await get('/assets/index-abc123.css')
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect((await get('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml')
  })

  it('answers 404 for a missing asset instead of index.html', async () => {
    expect((await get('/assets/nope.js')).status).toBe(404)
  })

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%00x',
      '/assets/%E0%A4%A',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(await res.text()).not.toContain('outside the renderer')
    }
  })
})

describe('the UI inside the whole app', () => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp()
  })
  afterEach(() => t.close())

  it('leaves unknown API paths as problem+json 404s', async () => {
    const res = await t.req('GET', '/api/nothing-here')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
  })

  it('leaves wrong methods on UI paths as 405 problems', async () => {
    const res = await t.req('POST', '/ui/events')
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toContain('GET')
  })

  it('answers the dashboard only on loopback Host names', async () => {
    const res = await t.req('GET', '/', { headers: { host: 'evil.example' } })
    expect(res.status).toBe(403)
  })

  it('serves an HTML page at / whether or not the UI is built', async () => {
    const res = await t.req('GET', '/')
    expect([200, 503]).toContain(res.status)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('content-security-policy')).toBe(UI_CSP)
  })
})
