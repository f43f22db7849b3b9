import { randomBytes } from 'node:crypto'

export const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('')
export const hex = (n: number) =>
  randomBytes(Math.ceil(n / 2))
    .toString('hex')
    .slice(0, n)
export const b64url = (n: number) => randomBytes(n).toString('base64url').slice(0, n)

/** How a provider's tokens look, so simulated connections resemble real ones in logs and UIs. */
export interface TokenStyle {
  access(): string
  refresh(): string
  /** Recognises this style's refresh tokens (the simulator accepts its own, statelessly). */
  isRefresh(token: string): boolean
  expiresIn: number
}

export const style = (
  access: () => string,
  refreshPrefix: string,
  refreshBody: () => string,
  expiresIn: number,
): TokenStyle => ({
  access,
  refresh: () => `${refreshPrefix}${refreshBody()}`,
  isRefresh: (token) => token.startsWith(refreshPrefix) && token.length > refreshPrefix.length + 15,
  expiresIn,
})
