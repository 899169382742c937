import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The project's root folder, from this file's own location (works from source and from a bundle). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The app's icon (also the host's favicon). */
export const APP_ICON_PATH = `${ROOT}assets/icon.svg`;

/** Where Vite writes the built renderer. */
export const UI_DIST_DIR = fileURLToPath(new URL('../../renderer/dist/', import.meta.url));

export const PROJECT_VERSION = (
  JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string }
).version;
