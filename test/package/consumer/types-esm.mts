// Type-checked (not run) under moduleResolution node16 and bundler: the package's types resolve.
import type { Switchyard } from 'switchyard/sdk'
import { type RunningSwitchyard, startSwitchyard } from 'switchyard/testing'

export async function check(): Promise<string> {
  const sy: RunningSwitchyard = await startSwitchyard({ fixtures: { workspaces: [{ name: 'default' }] } })
  const event = await sy.waitForEvent({ provider: { eq: 'github' } }, { timeoutMs: 100 })
  // @ts-expect-error: port is a number (this line fails to compile if the types were `any`)
  await startSwitchyard({ port: 'x' })
  const client: Switchyard = sy.client
  return `${event.id} ${client.baseUrl}`
}
