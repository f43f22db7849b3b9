import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppEnv } from '../env.js'
import { UI_CSP } from '../ui-csp.js'

/** Paths the UI serves (client routes live under /ui/); everything else is the API's. */
export const UI_PATHS = ['/', '/ui', '/ui/*', '/assets/*', '/favicon.svg'] as const

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

const SECURITY_HEADERS = {
  'content-security-policy': UI_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
}

/**
 * Finds the built renderer (`out/renderer/index.html`) by walking up from this module: the same
 * code runs from `src/` (tests), `dist/` (the CLI bundle) and `out/main` (Electron).
 */
export function findRendererDir(from = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = from
  for (;;) {
    const candidate = join(dir, 'out', 'renderer')
    if (existsSync(join(candidate, 'index.html'))) return candidate
    if (dir.endsWith(`${sep}out`) && existsSync(join(dir, 'renderer', 'index.html')))
      return join(dir, 'renderer')
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Switchyard</title></head>
<body style="font:15px system-ui;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>The dashboard is not built yet</h1><p>The API is running. To build the UI, run <code>npm run build:renderer</code>
(<code>npm start</code> does this for you), then reload this page.</p></body></html>`

/** A file inside `root`, or undefined for anything that escapes it or is not a file. */
function fileWithin(root: string, urlPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const path = resolve(root, `.${decoded}`)
  if (!path.startsWith(root + sep)) return undefined
  try {
    return statSync(path).isFile() ? path : undefined
  } catch {
    return undefined
  }
}

/**
 * Serves the React UI: `/` and client routes under `/ui/` get index.html, `/assets/*` the hashed
 * bundles (cached for a year), all with a strict CSP. Registered last, so the API's routes and
 * its 404/405 problem responses are untouched. The folder is looked up per request, so a UI built
 * after the server started is picked up. (Not @hono/node-server's serveStatic with secureHeaders:
 * serveStatic takes its folder once, at creation, and adds byte ranges and Last-Modified; and
 * secureHeaders would need seven of its defaults switched off to send just these five headers.)
 */
export function registerUiRoutes(app: OpenAPIHono<AppEnv>, options: { rendererDir?: string } = {}) {
  let cached: string | undefined
  const rendererDir = () => {
    cached ??= options.rendererDir ?? findRendererDir()
    return cached
  }

  const index = (c: Context) => {
    const root = rendererDir()
    const headers = { ...SECURITY_HEADERS, 'cache-control': 'no-store', 'content-type': TYPES['.html']! }
    try {
      if (root) return c.body(readFileSync(join(root, 'index.html')), 200, headers)
    } catch {
      // Mid-rebuild (the build empties the folder first): say so rather than fail.
    }
    return c.body(NOT_BUILT, 503, headers)
  }

  const file = (c: Context, immutable: boolean) => {
    const root = rendererDir()
    const path = root && fileWithin(root, c.req.path)
    if (!path) return c.notFound()
    try {
      return c.body(readFileSync(path), 200, {
        ...SECURITY_HEADERS,
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      })
    } catch {
      // Removed since the lookup (a rebuild in progress).
      return c.notFound()
    }
  }

  app.get('/', index)
  app.get('/ui', index)
  app.get('/ui/*', index)
  app.get('/assets/*', (c) => file(c, true))
  app.get('/favicon.svg', (c) => file(c, false))
}
