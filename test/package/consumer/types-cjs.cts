// Type-checked (not run) under moduleResolution node16: `require` resolves the CommonJS types.
import testing = require('switchyard/testing')

export async function check(): Promise<string> {
  const sy: testing.RunningSwitchyard = await testing.startSwitchyard({ fixtures: 'fixtures.json' })
  // @ts-expect-error: a connection's status is one of three (fails to compile if the types were `any`)
  await testing.startSwitchyard({ fixtures: { workspaces: [{ name: 'd', connections: [{ status: 'x' }] }] } })
  return sy.secretKey
}
