import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** The system's Chromium (Debian's package), or `CHROMIUM_PATH`. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How long Chromium may take to start: generous, the suite runs on two cores next to other
 * packages' tests, where a cold start takes far longer than on an idle machine.
 */
export const LAUNCH_TIMEOUT_MS = 120_000;

/**
 * Headless Chromium, with the names of `sites` resolving to 127.0.0.1 (pages of other sites,
 * served on loopback), or an error saying what is missing, so that every test of the file fails
 * with that reason and none is skipped.
 */
export async function launchChromium(sites: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM}, which does not exist. Install it with ` +
        '`apt-get install -y chromium` (Debian), or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: LAUNCH_TIMEOUT_MS,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(sites.length === 0
        ? []
        : [`--host-resolver-rules=${sites.map((site) => `MAP ${site} 127.0.0.1`).join(', ')}`]),
    ],
  });
}
