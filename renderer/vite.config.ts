import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfig } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * The UI is always served over HTTP by the gateway (also in the desktop window), and client routes
 * live under /ui/, so asset URLs must be absolute. electron-vite forces `base: './'` (meant for
 * file:// windows); this plugin's config runs after its preset and puts `/` back.
 */
const absoluteBase = (): Plugin => ({ name: 'switchyard:absolute-base', config: () => ({ base: '/' }) })

/**
 * The one renderer build, shared by `npm run build:renderer` (the headless server's UI) and
 * electron-vite (the desktop window loads the same UI from the embedded server).
 * Output: out/renderer, where the server looks for it.
 */
export const rendererConfig = {
  root,
  base: '/',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react(), absoluteBase()],
  build: {
    outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)),
    emptyOutDir: true,
    // electron-vite turns minification off for the renderer by default; the UI is served over HTTP either way.
    minify: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1024,
    rollupOptions: { input: fileURLToPath(new URL('./index.html', import.meta.url)) },
  },
} satisfies UserConfig

export default defineConfig(rendererConfig)
