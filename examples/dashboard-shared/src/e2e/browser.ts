import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

/** The system's Chromium (Debian's package), or `CHROMIUM_PATH`. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * How long Chromium may take to start. Generous: the suite runs on two cores next to other
 * packages' tests, where a cold start takes far longer than on an idle machine.
 */
const LAUNCH_TIMEOUT_MS = 120_000;

/**
 * Starts headless Chromium, or throws saying what is missing (the browser or the app built into
 * `appDir`), so that every test of the file fails with that reason and none is skipped.
 */
export async function launchChromium(appDir: string): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The end-to-end test needs Chromium at ${CHROMIUM}, which does not exist. ` +
        'Install it with `apt-get install -y chromium` (Debian), or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  if (!existsSync(join(appDir, 'index.html'))) {
    throw new Error(`The app is not built (${appDir} is missing): run \`pnpm build\` first.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    timeout: LAUNCH_TIMEOUT_MS,
  });
}
