// The public declarations of `switchyard/testing`, kept apart from the implementation (index.ts)
// so the shipped .d.ts reaches only the SDK's and the fixtures' types, not the server's internals.
import type { RunningSwitchyard, StartSwitchyardOptions } from './types.js'

export type * from './types.js'

/**
 * Starts a Switchyard gateway inside this process (no child process) for a test suite, on a fresh
 * temporary data folder unless `dataDir` is given. Several can run side by side in one process.
 */
export declare function startSwitchyard(options?: StartSwitchyardOptions): Promise<RunningSwitchyard>
