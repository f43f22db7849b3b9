import { runCli } from './index.js'

// No top-level await: the bundle is CommonJS, so bin/switchyard.js can load it with a V8 code cache.
void runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
}).then((code) => {
  process.exitCode = code
})
