import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** Runs the built example; resolves with its output once it exits, calling `onLine` on the way. */
function run(args: readonly string[], onLine: (line: string) => void = () => {}) {
  const env = { ...process.env };
  delete env.KUBECONFIG;
  const child = spawn(process.execPath, [main, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    onLine(line);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, lines, exited };
}

describe('the node-controller example with --shards (built, against its embedded server)', () => {
  it('three replicas share the pods, one crashes, the others take its pods; no pod runs in two at once; metrics scrape as Prometheus text', async () => {
    let metricsUrl: string | undefined;
    let scraped: Promise<string> | undefined;
    const example = run(
      [
        '--embedded',
        '--shards',
        '--duration',
        '14',
        '--crash-leader-after',
        '5',
        '--metrics-port',
        '0',
      ],
      (line) => {
        metricsUrl ??= /metrics as Prometheus text at (\S+)/.exec(line)?.[1];
        // Once a replica owns pods, its work queue has numbers to show.
        if (scraped === undefined && metricsUrl !== undefined && /owns [1-9]\d* of/.test(line)) {
          const url = metricsUrl;
          scraped = new Promise((resolve) => setTimeout(resolve, 1_000)).then(async () =>
            (await fetch(url)).text(),
          );
        }
      },
    );
    expect(await example.exited).toBe(0);
    const out = example.lines.join('\n');
    const three = /\[(r[012])\] owns (\d+) of (\d+) pods \(members \S+-r0, \S+-r1, \S+-r2\)/.exec(
      out,
    );
    expect(three).not.toBeNull();
    expect(out).toMatch(/\[r2\] crashed: it stops renewing without releasing its Lease/);
    // After the crash, the two others share all the pods.
    const afterCrash = out.slice(out.indexOf('[r2] crashed'));
    expect(afterCrash).toMatch(/\[r0\] owns \d+ of \d+ pods \(members \S+-r0, \S+-r1\)/);
    expect(afterCrash).toMatch(/\[r1\] owns \d+ of \d+ pods \(members \S+-r0, \S+-r1\)/);
    const summary =
      /reconciles: r0 (\d+), r1 (\d+), r2 (\d+) \(crashed\); (\d+) of one pod by two replicas at once/.exec(
        out,
      );
    expect(summary).not.toBeNull();
    expect(Number(summary?.[1])).toBeGreaterThan(0);
    expect(Number(summary?.[2])).toBeGreaterThan(0);
    expect(Number(summary?.[4])).toBe(0);

    const text = await scraped;
    expect(text).toMatch(/^workqueue_adds_total\{name="rxkube-node-controller"[^}]*\} \d+/m);
    expect(text).toMatch(/^workqueue_depth\{name="rxkube-node-controller"[^}]*\} \d+/m);
    expect(text).toMatch(
      /^workqueue_work_duration_seconds_count\{name="rxkube-node-controller"[^}]*\} [1-9]/m,
    );
    expect(text).toMatch(/^workqueue_retries_total\{/m);
    // Three members in one process report one series: some member's count of members.
    expect(text).toMatch(/^rxkube_shard_members\{group="rxkube-node-controller"[^}]*\} [123]$/m);
    expect(text).toMatch(/^rxkube_collection_items\{resource="v1\/pods",namespace=""[^}]*\} \d+/m);
  }, 90_000);
});

describe('the node-controller example stopped with SIGTERM', () => {
  it('stops taking pods, lets running reconciles finish, releases the Lease, and exits 0', async () => {
    let leadingSeen: () => void = () => {};
    const leading = new Promise<void>((resolve) => (leadingSeen = resolve));
    const example = run(['--embedded', '--crash-leader-after', '0'], (line) => {
      if (/\] synced: 200 pods/.test(line)) leadingSeen();
    });
    await leading;
    example.child.kill('SIGTERM');
    expect(await example.exited).toBe(0);
    const out = example.lines.join('\n');
    const leader = /\[(r[01])\] synced: 200 pods/.exec(out)?.[1];
    expect(leader).toBeDefined();
    const order = [
      'stopping: no new pods; running reconciles may finish',
      `[${leader}] stopped taking pods; its running reconciles have ended`,
      `[${leader}] following`, // the leader stops leading: it released the Lease
      'done:',
    ].map((needle) => out.indexOf(needle, out.indexOf('stopping:')));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  }, 60_000);
});
