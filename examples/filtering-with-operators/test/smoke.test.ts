import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const SMOKE_SECONDS = 3;

describe('the filtering-with-operators example (built, against its embedded server)', () => {
  it('prints pods as they stop and start being ready, and debounced per-node summaries', async () => {
    const env = { ...process.env };
    delete env.KUBECONFIG;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [main, '--embedded', '--duration', String(SMOKE_SECONDS)],
      { env, timeout: 30_000 },
    );
    expect(stdout).toMatch(/\[not ready\] \+ \S+\/\S+ \(Pending\)/);
    expect(stdout).toMatch(/\[not ready\] \+ \S+\/\S+ \(CrashLoopBackOff\)/);
    expect(stdout).toMatch(/\[not ready\] - \S+\/\S+/);
    const summaries =
      stdout.match(
        /\[nodes\] node-a \d+ · node-b \d+ · node-c \d+ · node-d \d+ · unscheduled \d+ · \d+ changes/g,
      ) ?? [];
    expect(summaries.length).toBeGreaterThan(0);
    // Debounced: far fewer summary lines than changes.
    expect(summaries.length).toBeLessThan(SMOKE_SECONDS * 4);
    expect(stdout).toMatch(/done\n$/);
  }, 40_000);
});
