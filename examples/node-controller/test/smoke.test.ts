import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const SMOKE_SECONDS = 3;

describe('the node-controller example (built, against its embedded server)', () => {
  it('sees pods enter CrashLoopBackOff, records an Event and annotates each, and clears the annotation on recovery', async () => {
    const env = { ...process.env };
    delete env.KUBECONFIG;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [main, '--embedded', '--duration', String(SMOKE_SECONDS)],
      { env, timeout: 30_000 },
    );
    expect(stdout).toMatch(/synced: 200 pods in all namespaces/);
    expect(stdout).toMatch(/CrashLoopBackOff: \S+\/\S+ \(container app/);
    expect(stdout).toMatch(
      /acted on \S+: recorded Event \S+\.crashloop-\S+, annotated example\.rxkube\.dev\/crash-loop=app/,
    );
    expect(stdout).toMatch(/acted on \S+: cleared example\.rxkube\.dev\/crash-loop/);
    const done =
      /done: (\d+) pods entered CrashLoopBackOff, \d+ recovered, \d+ deleted, (\d+) actions \(Events recorded, annotations set or cleared\), 0 failed/.exec(
        stdout,
      );
    expect(done).not.toBeNull();
    expect(Number(done![1])).toBeGreaterThan(0);
    expect(Number(done![2])).toBeGreaterThan(0);
  }, 40_000);
});
