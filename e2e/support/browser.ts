import { existsSync } from 'node:fs';

/**
 * The system browser the specs drive, never a downloaded one: `CHROMIUM_PATH`, else Debian's
 * headless shell when installed (package `chromium-headless-shell`, the same Chromium without the
 * browser's own interface: half the processor time of `/usr/bin/chromium` in new-headless mode over
 * the attendance spec, 77 against 165 s, which the server tests running beside it in CI get back),
 * else `/usr/bin/chromium`.
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const chromiumPath = () =>
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
