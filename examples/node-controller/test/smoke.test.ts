import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const SMOKE_SECONDS = 10;
const CRASH_AFTER_SECONDS = 2;

describe('the node-controller example (built, against its embedded server)', () => {
  it('runs two replicas: one annotates crash-looping pods, and the other takes over when it crashes', async () => {
    const env = { ...process.env };
    delete env.KUBECONFIG;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        main,
        '--embedded',
        '--duration',
        String(SMOKE_SECONDS),
        '--crash-leader-after',
        String(CRASH_AFTER_SECONDS),
      ],
      { env, timeout: 30_000 },
    );
    const first = /\[(r[01])\] leading/.exec(stdout)?.[1];
    expect(first).toBeDefined();
    const second = first === 'r0' ? 'r1' : 'r0';
    expect(stdout).toMatch(new RegExp(`\\[${first}\\] synced: 200 pods in all namespaces`));
    expect(stdout).toMatch(/CrashLoopBackOff: \S+\/\S+ \(container app/);
    expect(stdout).toMatch(
      /annotated example\.rxkube\.dev\/crash-loop=app on \S+\/\S+, Event recorded/,
    );
    expect(stdout).toMatch(/cleared example\.rxkube\.dev\/crash-loop on \S+\/\S+, Event recorded/);
    // The hand-over, in this order: the leader crashes, stops leading, the other leads and syncs.
    const order = [
      `[${first}] crashed`,
      `[${first}] following`,
      `[${second}] leading`,
      `[${second}] synced: 200 pods`,
    ].map((needle) => stdout.indexOf(needle, stdout.indexOf(`[${first}] crashed`)));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    const done =
      /done: (\d+) pods entered CrashLoopBackOff, \d+ recovered, (\d+) pods updated with an Event, \d+ failed writes, (\d+) hand-overs/.exec(
        stdout,
      );
    expect(done).not.toBeNull();
    expect(Number(done![1])).toBeGreaterThan(0);
    expect(Number(done![2])).toBeGreaterThan(0);
    expect(Number(done![3])).toBe(1);
  }, 60_000);
});
