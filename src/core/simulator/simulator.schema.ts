import { z } from 'zod'

/** An optional query parameter (the route gives its name and place). */
const param = (max: number, description: string) => z.string().max(max).optional().meta({ description })

export const DECISIONS = ['approve', 'deny', 'error'] as const
export type Decision = (typeof DECISIONS)[number]

const simulate = z.enum(DECISIONS).optional().meta({
  description:
    'Decide at once without showing the page: approve, deny, or error (approve, then fail the token exchange).',
})

/** The authorization request a client sends to the simulator (RFC 6749 section 4.1.1 + RFC 7636). */
export const AuthorizeQuerySchema = z.object({
  response_type: param(32, 'Must be code.'),
  client_id: param(300, "The simulator's client id for the workspace."),
  redirect_uri: param(2048, "The gateway's /oauth/callback."),
  scope: param(4096, 'Space-separated scopes.'),
  state: param(512, 'Opaque value returned unchanged.'),
  code_challenge: param(128, 'PKCE S256 challenge.'),
  code_challenge_method: param(16, 'Must be S256.'),
  tenant: param(200, 'Shown on the consent screen.'),
  simulate,
})
export type AuthorizeQuery = z.infer<typeof AuthorizeQuerySchema>

export const InstallQuerySchema = z.object({
  client_id: param(300, "The simulator's client id for the workspace."),
  redirect_uri: param(2048, "The gateway's /oauth/callback."),
  state: param(512, 'Opaque value returned unchanged.'),
  tenant: param(200, 'Shown on the install screen.'),
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
