import { homedir } from 'node:os'
import { join } from 'node:path'

export const APP_DIR_NAME = 'Switchyard'

/**
 * The OS user-data folder, the same one Electron's `app.getPath('userData')` gives for an app
 * named Switchyard, so the command line and the desktop app share their data.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME)
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME)
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_DIR_NAME)
}
