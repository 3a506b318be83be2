import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Takes a full-page screenshot and checks that it is a PNG; writes it to `path` (a guide's
 * image) when the suite runs with `UPDATE_SCREENSHOTS=1`.
 */
export async function saveScreenshot(page: Page, path: string): Promise<void> {
  const png = await page.screenshot({ fullPage: true });
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, png);
  }
}
