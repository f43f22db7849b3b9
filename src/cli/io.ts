/** Where a command writes and what environment it reads: the process's, or a test's in-memory one. */
export interface Io {
  out: (line: string) => void
  err: (line: string) => void
  env: NodeJS.ProcessEnv
}
