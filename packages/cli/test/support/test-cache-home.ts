import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh cache folder for the commands a test file runs: their discovery cache never lands in a
 * real home, and no file sees another's.
 */
export const testCacheHome = mkdtempSync(join(tmpdir(), 'rxkube-cli-test-cache-'));
