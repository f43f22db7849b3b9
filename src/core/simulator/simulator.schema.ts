import { z } from '@hono/zod-openapi'

const param = (name: string, max: number, description: string) =>
  z
    .string()
    .max(max)
    .optional()
    .openapi({ param: { name, in: 'query' }, description })

export const DECISIONS = ['approve', 'deny', 'error'] as const
export type Decision = (typeof DECISIONS)[number]

const simulate = z
  .enum(DECISIONS)
  .optional()
  .openapi({
    param: { name: 'simulate', in: 'query' },
    description:
      'Decide at once without showing the page: approve, deny, or error (approve, then fail the token exchange).',
  })

/** The authorization request a client sends to the simulator (RFC 6749 section 4.1.1 + RFC 7636). */
export const AuthorizeQuerySchema = z.object({
  response_type: param('response_type', 32, 'Must be code.'),
  client_id: param('client_id', 300, "The simulator's client id for the workspace."),
  redirect_uri: param('redirect_uri', 2048, "The gateway's /oauth/callback."),
  scope: param('scope', 4096, 'Space-separated scopes.'),
  state: param('state', 512, 'Opaque value returned unchanged.'),
  code_challenge: param('code_challenge', 128, 'PKCE S256 challenge.'),
  code_challenge_method: param('code_challenge_method', 16, 'Must be S256.'),
  tenant: param('tenant', 200, 'Shown on the consent screen.'),
  simulate,
})
export type AuthorizeQuery = z.infer<typeof AuthorizeQuerySchema>

export const InstallQuerySchema = z.object({
  client_id: param('client_id', 300, "The simulator's client id for the workspace."),
  redirect_uri: param('redirect_uri', 2048, "The gateway's /oauth/callback."),
  state: param('state', 512, 'Opaque value returned unchanged.'),
  tenant: param('tenant', 200, 'Shown on the install screen.'),
  simulate,
})
export type InstallQuery = z.infer<typeof InstallQuerySchema>

/** A code the simulator issued and has not yet exchanged. */
export interface IssuedCode {
  providerId: string
  clientId: string
  redirectUri: string
  codeChallenge: string
  scopes: string[]
  /** Set by "Approve, then fail the token exchange". */
  failExchange: boolean
  expiresAt: number
}
