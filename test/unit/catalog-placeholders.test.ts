import { describe, expect, it } from 'vitest'
import { loadCatalog } from '../../src/core/providers/catalog.js'

const providers = loadCatalog().providers
const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/g
const namesIn = (...texts: string[]) => [
  ...new Set(texts.flatMap((t) => [...t.matchAll(PLACEHOLDER)].map((m) => m[1]!))),
]

/** Every URL (and scope) of a provider that may hold placeholders. */
function templatesOf(p: (typeof providers)[number]) {
  const auth = p.auth
  const urls =
    auth.type === 'oauth2'
      ? [auth.authorization_url, auth.token_url, auth.issuer ?? '', ...auth.scopes]
      : auth.type === 'app_install'
        ? [auth.install_url]
        : []
  return { connect: urls, api: p.api ? [p.api.base_url] : [] }
}

describe('catalog placeholders', () => {
  it('every placeholder in a provider URL, scope or API base says where its value comes from', () => {
    const undeclared = providers.flatMap((p) => {
      const { connect, api } = templatesOf(p)
      return namesIn(...connect, ...api)
        .filter((name) => !p.placeholders[name])
        .map((name) => `${p.id}: {${name}}`)
    })
    expect(undeclared).toEqual([])
  })

  it('placeholders of the connect URLs come from session params (the token response does not exist yet)', () => {
    const wrong = providers.flatMap((p) =>
      namesIn(...templatesOf(p).connect)
        .filter((name) => p.placeholders[name]?.source !== 'params')
        .map((name) => `${p.id}: {${name}}`),
    )
    expect(wrong).toEqual([])
  })

  it('a metadata placeholder is a metadata field the provider keeps from its token response', () => {
    const wrong = providers.flatMap((p) =>
      Object.entries(p.placeholders)
        .filter(([, where]) => where.source === 'metadata')
        .filter(([name]) => !(p.auth.type === 'oauth2' && p.auth.token_response.metadata[name]))
        .map(([name]) => `${p.id}: {${name}}`),
    )
    expect(wrong).toEqual([])
  })

  it('declares no placeholder that none of its URLs uses', () => {
    const unused = providers.flatMap((p) => {
      const { connect, api } = templatesOf(p)
      const used = new Set(namesIn(...connect, ...api))
      return Object.keys(p.placeholders)
        .filter((name) => !used.has(name))
        .map((name) => `${p.id}: {${name}}`)
    })
    expect(unused).toEqual([])
  })
})

describe('catalog connect requirements', () => {
  const byId = new Map(providers.map((p) => [p.id, p]))
  const oauth = (id: string) => {
    const auth = byId.get(id)!.auth
    if (auth.type !== 'oauth2') throw new Error(`${id} is not oauth2`)
    return auth
  }

  it('Atlassian products ask for audience=api.atlassian.com and prompt=consent', () => {
    const atlassian = providers.filter(
      (p) => p.auth.type === 'oauth2' && p.auth.authorization_url.startsWith('https://auth.atlassian.com/'),
    )
    expect(atlassian.map((p) => p.id).sort()).toEqual(['confluence', 'jira', 'jira-service-management'])
    for (const p of atlassian) {
      expect(oauth(p.id).authorization_params, p.id).toMatchObject({
        audience: 'api.atlassian.com',
        prompt: 'consent',
      })
    }
  })

  it('Google products ask for access_type=offline and prompt=consent (else no refresh token)', () => {
    const google = providers.filter(
      (p) => p.auth.type === 'oauth2' && p.auth.authorization_url.startsWith('https://accounts.google.com/'),
    )
    expect(google.length).toBeGreaterThan(10)
    for (const p of google) {
      expect(oauth(p.id).authorization_params, p.id).toMatchObject({
        access_type: 'offline',
        prompt: 'consent',
      })
    }
  })

  it('Microsoft identity platform products request offline_access (else no refresh token)', () => {
    const microsoft = providers.filter(
      (p) =>
        p.auth.type === 'oauth2' && p.auth.authorization_url.startsWith('https://login.microsoftonline.com/'),
    )
    expect(microsoft.length).toBeGreaterThan(5)
    for (const p of microsoft) expect(oauth(p.id).scopes, p.id).toContain('offline_access')
  })

  it('Notion asks for owner=user; Dropbox for token_access_type=offline', () => {
    expect(oauth('notion').authorization_params).toEqual({ owner: 'user' })
    expect(oauth('dropbox').authorization_params).toEqual({ token_access_type: 'offline' })
  })

  it('Slack reads user tokens under authed_user and keeps the team; Salesforce keeps instance_url', () => {
    expect(oauth('slack').token_response.access_token_paths).toContain('authed_user.access_token')
    expect(oauth('slack').token_response.metadata.team_id?.path).toBe('team.id')
    expect(oauth('salesforce').token_response.metadata.instance_url?.path).toBe('instance_url')
  })

  it('at least 50 providers name their REST API base URL', () => {
    expect(providers.filter((p) => p.api).length).toBeGreaterThanOrEqual(50)
  })
})
