import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { rendererConfig } from './renderer/vite.config'

/**
 * The desktop build: the main process (starts the same server in-process), the sandboxed preload
 * (CommonJS: sandboxed preloads cannot be ES modules) and the shared React renderer.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          // The webhook commit worker's thread, loaded from beside the main bundle.
          'commit-worker': resolve('src/core/webhooks/commit-worker.thread.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    ...rendererConfig,
    root: resolve('renderer'),
    build: { ...rendererConfig.build, rollupOptions: { input: resolve('renderer/index.html') } },
  },
})
