// Shared by every benchmark: writes one named section of bench/RESULTS.md, keeping the others,
// stamped with the date and the machine it ran on.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'

const FILE = new URL('./RESULTS.md', import.meta.url)
const HEADER = `# Benchmark results

Written by the benchmarks in \`bench/\` (\`npm run bench\`, or one of \`npm run bench:startup|search|ingest\`).
Every figure is measured against a baseline run in the same process on the same machine, so the
ratios are what to compare across machines. Each section says when and where it ran.
`

export function machineLine() {
  const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU'
  return `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${process.platform}/${process.arch}`
}

/** Replaces (or appends) the section `## <title>` of bench/RESULTS.md with `body`. */
export function writeSection(title, body) {
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER
  const stamp = `_Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine()}._`
  const section = `## ${title}\n\n${stamp}\n\n${body.trim()}\n`
  const start = text.indexOf(`## ${title}\n`)
  let next
  if (start === -1) next = `${text.trimEnd()}\n\n${section}`
  else {
    const end = text.indexOf('\n## ', start + 1)
    next = text.slice(0, start) + section + (end === -1 ? '' : text.slice(end + 1))
  }
  writeFileSync(FILE, next.endsWith('\n') ? next : `${next}\n`)
}

/** p-th percentile (0-100) of a numeric array. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}

/**
 * A ratio as a percentage with one decimal: a verdict against a target (25%) must not print
 * "25%" for 24.7% and then say the target is not met.
 */
export function percent(ratio) {
  return `${(ratio * 100).toFixed(1)}%`
}
