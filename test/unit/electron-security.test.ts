import { describe, expect, it } from 'vitest'
import {
  configFor,
  isSafeExternalUrl,
  isSameOrigin,
  navigationDecision,
  permissionDecision,
  secureWebPreferences,
  WINDOW_CSP,
  windowOpenDecision,
  withCsp,
} from '../../src/main/security.js'

const GATEWAY = 'http://127.0.0.1:4747'

describe('desktop window policy', () => {
  it('keeps the sandbox, context isolation and web security on, and Node off', () => {
    const prefs = secureWebPreferences('/app/out/preload/index.cjs', { isPackaged: true })
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/out/preload/index.cjs',
    })
  })

  it('turns DevTools off in packaged builds and leaves them on in development', () => {
    expect(secureWebPreferences('/p', { isPackaged: true }).devTools).toBe(false)
    expect(secureWebPreferences('/p', { isPackaged: false }).devTools).toBe(true)
  })

  it("allows navigation within the gateway's origin only", () => {
    expect(navigationDecision(`${GATEWAY}/ui/events?id=evt_1`, GATEWAY)).toBe('allow')
    expect(navigationDecision(`${GATEWAY}/connect/ses_1`, GATEWAY)).toBe('allow')
  })

  it('compares parsed origins, not string prefixes', () => {
    expect(isSameOrigin('http://127.0.0.1:4747.evil.example/', GATEWAY)).toBe(false)
    expect(isSameOrigin('http://127.0.0.1:47470/', GATEWAY)).toBe(false)
    expect(isSameOrigin('http://user@127.0.0.1:4747/', GATEWAY)).toBe(true)
    expect(isSameOrigin('https://127.0.0.1:4747/', GATEWAY)).toBe(false)
    expect(isSameOrigin('http://localhost:4747/', GATEWAY)).toBe(false)
    expect(isSameOrigin('not a url', GATEWAY)).toBe(false)
  })

  it('sends web links elsewhere to the OS browser instead of navigating', () => {
    expect(navigationDecision('https://github.com/login/oauth/authorize?x=1', GATEWAY)).toBe('external')
    expect(navigationDecision('http://127.0.0.1:3000/', GATEWAY)).toBe('external')
  })

  it('refuses navigation to non-web schemes', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'chrome://settings',
      'smb://host/share',
    ]) {
      expect(navigationDecision(url, GATEWAY)).toBe('deny')
    }
  })

  it('never opens a new Electron window; safe links go to the OS browser', () => {
    expect(windowOpenDecision(`${GATEWAY}/docs`)).toBe('external')
    expect(windowOpenDecision('https://docs.github.com/')).toBe('external')
    expect(windowOpenDecision('file:///tmp/x.html')).toBe('deny')
    expect(windowOpenDecision('about:blank')).toBe('deny')
  })

  it('validates external links: http(s), no credentials, bounded length', () => {
    expect(isSafeExternalUrl('https://example.com/a?b=c')).toBe(true)
    expect(isSafeExternalUrl('https://user:pass@example.com/')).toBe(false)
    expect(isSafeExternalUrl('mailto:someone@example.com')).toBe(false)
    expect(isSafeExternalUrl(`https://example.com/${'a'.repeat(2100)}`)).toBe(false)
    expect(isSafeExternalUrl('https://')).toBe(false)
  })

  it('denies every permission request', () => {
    for (const p of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'clipboard-sanitized-write',
      'openExternal',
      'fullscreen',
    ]) {
      expect(permissionDecision(p)).toBe(false)
    }
  })

  it("uses a CSP whose scripts come from the gateway's origin only", () => {
    expect(WINDOW_CSP).toContain("script-src 'self'")
    expect(WINDOW_CSP).toContain("default-src 'self'")
    expect(WINDOW_CSP).not.toMatch(/script-src[^;]*unsafe/)
  })

  it('adds the CSP to responses that have none, and keeps a page’s own policy', () => {
    expect(withCsp({ 'Content-Type': ['text/html'] })['Content-Security-Policy']).toEqual([WINDOW_CSP])
    const own = withCsp({ 'content-security-policy': ["default-src 'none'"] })
    expect(own['content-security-policy']).toEqual(["default-src 'none'"])
    expect(own['Content-Security-Policy']).toBeUndefined()
    expect(withCsp(undefined)['Content-Security-Policy']).toEqual([WINDOW_CSP])
  })

  it('hands the base URL and token only to a frame on the gateway', () => {
    const gateway = { baseUrl: GATEWAY, token: 'adm_x' }
    expect(configFor(`${GATEWAY}/ui/overview`, gateway)).toEqual(gateway)
    expect(configFor('https://evil.example/', gateway)).toBeNull()
    expect(configFor('', gateway)).toBeNull()
  })
})
