import { createHash } from 'node:crypto'

/** Escapes text for HTML element content and double-quoted attribute values. */
export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** HTML that is already escaped (built only by these page modules). */
export interface Html {
  readonly html: string
}
export const raw = (html: string): Html => ({ html })

/** Tagged template that escapes every interpolated string; `Html` values and arrays of them pass through. */
export function html(
  strings: TemplateStringsArray,
  ...values: Array<string | number | Html | Html[] | null>
) {
  let out = strings[0]!
  values.forEach((value, i) => {
    if (Array.isArray(value)) out += value.map((v) => v.html).join('')
    else if (value && typeof value === 'object') out += value.html
    else if (value !== null) out += escapeHtml(String(value))
    out += strings[i + 1]!
  })
  return raw(out)
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#111827;--muted:#5b6472;--line:#e3e6ea;--accent:#2456d6;--accent-text:#fff;--ok:#0f7b45;--bad:#b42318;--warn-bg:#fff4d6;--warn:#8a5300}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--text:#e6edf3;--muted:#9aa4b2;--line:#2a313c;--accent:#4c7dff;--ok:#3fb950;--bad:#f85149;--warn-bg:#3a2d0c;--warn:#f2cc60}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;background:var(--bg);color:var(--text);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{width:100%;max-width:440px;background:var(--card);border:1px solid var(--line);border-radius:16px;box-shadow:0 12px 32px rgba(15,23,42,.08);padding:28px 28px 22px}
.badge{display:inline-block;font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--warn);background:var(--warn-bg);border-radius:999px;padding:3px 10px}
.top{text-align:center}
.logos{display:flex;align-items:center;justify-content:center;gap:14px;margin:18px 0 16px}
.logos svg{width:56px;height:56px;display:block;border-radius:14px;box-shadow:0 0 0 1px var(--line)}
.dots{color:var(--muted);font-size:20px;letter-spacing:2px}
h1{font-size:20px;line-height:1.3;margin:0 0 6px;text-align:center}
p.sub{color:var(--muted);text-align:center;margin:0 0 18px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 14px;margin:0 0 18px;padding:12px 14px;border:1px solid var(--line);border-radius:12px;font-size:14px}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
h2{font-size:13px;font-weight:600;color:var(--muted);margin:0 0 8px}
ul{list-style:none;padding:0;margin:0 0 20px;border:1px solid var(--line);border-radius:12px}
li{padding:9px 14px;border-top:1px solid var(--line);font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
li:first-child{border-top:0}
nav.actions{display:grid;gap:10px}
a.button{display:block;text-align:center;text-decoration:none;font-weight:600;border-radius:10px;padding:11px 16px;border:1px solid var(--line);background:var(--card);color:var(--text)}
a.button:hover{border-color:var(--muted)}
a.button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
a.button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-text)}
a.button.quiet{border:0;background:none;color:var(--muted);font-weight:500;text-decoration:underline;padding:4px}
.icon{width:56px;height:56px;margin:6px auto 14px;border-radius:50%;display:grid;place-items:center;font-size:28px;font-weight:700;color:#fff}
.icon.ok{background:var(--ok)}
.icon.bad{background:var(--bad)}
code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:1px 6px;overflow-wrap:anywhere}
footer{margin-top:20px;color:var(--muted);font-size:12px;text-align:center}
`
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64')

/** Headers every connect-flow response carries: nothing cached, no referrer leaking codes or states. */
export const FLOW_HEADERS = {
  'cache-control': 'no-store',
  pragma: 'no-cache',
  'referrer-policy': 'no-referrer',
} as const

/** A whole page: inline CSS allowed by its hash, no scripts, no forms, no external loads, not frameable. */
export function renderPage(options: { title: string; body: Html; status?: number }): Response {
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    'img-src data:',
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
  const doc = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(options.title)}</title><style>${STYLE}</style></head>
<body>${options.body.html}</body></html>`
  return new Response(doc, {
    status: options.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      ...FLOW_HEADERS,
    },
  })
}

/** True when the client is a browser that asked for a page rather than JSON. */
export const wantsHtml = (accept: string | undefined): boolean => /\btext\/html\b/i.test(accept ?? '')
