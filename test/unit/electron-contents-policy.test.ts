import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createContentsPolicy } from '../../src/main/contents-policy.js'

const GATEWAY = 'http://127.0.0.1:4747'

/** The policy with a recorded OS-browser hand-off, and a navigation event that records preventDefault. */
function setup(gateway: string | null = GATEWAY) {
  const opened: string[] = []
  const policy = createContentsPolicy({
    gatewayOrigin: () => gateway ?? undefined,
    openExternal: (u) => opened.push(u),
  })
  const event = (url: string, extra: { isMainFrame?: boolean } = {}) => {
    const e = { url, isMainFrame: extra.isMainFrame ?? true, prevented: false, preventDefault: () => {} }
    e.preventDefault = () => {
      e.prevented = true
    }
    return e
  }
  return { policy, opened, event }
}

describe('the app-wide web contents policy (web-contents-created)', () => {
  it('lets the main frame navigate within the gateway', () => {
    const { policy, opened, event } = setup()
    const e = event(`${GATEWAY}/ui/events`)
    policy.willNavigate(e)
    expect(e.prevented).toBe(false)
    expect(opened).toEqual([])
  })

  it('stops main-frame navigation and redirects elsewhere, handing web links to the OS browser', () => {
    const { policy, opened, event } = setup()
    const nav = event('https://github.com/login')
    policy.willNavigate(nav)
    const redirect = event('https://evil.example/')
    policy.willRedirect(redirect)
    expect([nav.prevented, redirect.prevented]).toEqual([true, true])
    expect(opened).toEqual(['https://github.com/login', 'https://evil.example/'])
  })

  it('stops navigation to non-web schemes without opening anything', () => {
    const { policy, opened, event } = setup()
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,x']) {
      const e = event(url)
      policy.willNavigate(e)
      expect(e.prevented, url).toBe(true)
    }
    expect(opened).toEqual([])
  })

  it('before the gateway runs, nothing navigates in-window', () => {
    const { policy, event } = setup(null)
    const e = event(`${GATEWAY}/ui/events`)
    policy.willNavigate(e)
    expect(e.prevented).toBe(true)
  })

  it('will-frame-navigate: a subframe may load the gateway, nothing else, and never opens the OS browser', () => {
    const { policy, opened, event } = setup()
    const own = event(`${GATEWAY}/docs`, { isMainFrame: false })
    policy.willFrameNavigate(own)
    expect(own.prevented).toBe(false)
    for (const url of ['https://evil.example/', 'http://127.0.0.1:4748/', 'about:srcdoc', 'file:///x']) {
      const e = event(url, { isMainFrame: false })
      policy.willFrameNavigate(e)
      expect(e.prevented, url).toBe(true)
    }
    expect(opened).toEqual([])
  })

  it('will-frame-navigate leaves the main frame to will-navigate (no double hand-off)', () => {
    const { policy, opened, event } = setup()
    const e = event('https://github.com/', { isMainFrame: true })
    policy.willFrameNavigate(e)
    expect(e.prevented).toBe(false)
    expect(opened).toEqual([])
  })

  it('never opens an Electron window; safe web links go to the OS browser, others nowhere', () => {
    const { policy, opened } = setup()
    expect(policy.windowOpen({ url: 'https://docs.github.com/' })).toEqual({ action: 'deny' })
    expect(policy.windowOpen({ url: 'file:///tmp/x.html' })).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://docs.github.com/'])
  })

  it('refuses to attach a <webview>', () => {
    let prevented = false
    setup().policy.willAttachWebview({ preventDefault: () => (prevented = true) })
    expect(prevented).toBe(true)
  })
})

describe('the packaged app flips the Electron fuses (electron-builder.yml)', () => {
  const root = join(import.meta.dirname, '..', '..')
  // The `electronFuses:` block's `  name: true|false` lines (no YAML parser among the dependencies).
  const yml = readFileSync(join(root, 'electron-builder.yml'), 'utf8')
  const block = /^electronFuses:\n((?:[ ]{2}\w+: (?:true|false)\n?)+)/m.exec(yml)?.[1] ?? ''
  const config = {
    electronFuses: Object.fromEntries(
      [...block.matchAll(/^[ ]{2}(\w+): (true|false)$/gm)].map((m) => [m[1]!, m[2] === 'true']),
    ),
  }
  // electron-builder's own schema: a misspelt fuse would be ignored, so every key must be one it knows.
  const schema = JSON.parse(readFileSync(join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as {
    definitions: { FuseOptionsV1: { properties: Record<string, unknown> } }
  }

  it('turns RunAsNode, NODE_OPTIONS and --inspect off; cookie encryption, ASAR integrity and ASAR-only on', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    })
  })

  it('names only fuses electron-builder knows', () => {
    const known = Object.keys(schema.definitions.FuseOptionsV1.properties)
    expect(Object.keys(config.electronFuses ?? {}).filter((k) => !known.includes(k))).toEqual([])
  })
})
