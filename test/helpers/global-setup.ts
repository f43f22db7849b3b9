import { execFileSync } from 'node:child_process'

/** CLI tests spawn the real bundled command, so build it once before any test runs. */
export default function setup() {
  execFileSync(process.execPath, ['scripts/build-node.mjs', '--if-stale', '--quiet'], { stdio: 'inherit' })
}
