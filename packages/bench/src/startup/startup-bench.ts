import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import { realCluster } from '../real-cluster.js';

/**
 * `pnpm bench` (start-up part): the wall time of whole `rxkube get pods` and `kubectl get pods`
 * processes, side by side, against a local FakeApiServer and against a real kube-apiserver.
 * Each round runs rxkube then kubectl (and an empty `node` process, Node's own floor), after one
 * warm-up run of each that fills both discovery caches; prints, for wall time and for CPU time
 * (user + system, from bash's `times`), min / median / max per command, the ratio of the
 * medians, and the spread of the per-round ratios (quartiles and extremes).
 * A benchmark, never a test: the figures go to docs/benchmarks.md by hand.
 *
 *   --runs=N          counted rounds per server (default 15)
 *   --apiserver=MODE  `auto` (default): the cluster of `RXKUBE_RUN_DIR` when one runs there,
 *                     else one started with scripts/kube-apiserver/start.sh in a fresh run
 *                     directory (and stopped); `skip`: the fake only. The reason for a skip is
 *                     printed.
 *   --rxkube=PATH     the rxkube bin to run (default: packages/cli/dist/bundle/bin.cjs), e.g. an
 *                     earlier build, for a before/after comparison
 *
 * kubectl is `KUBECTL`, else `kubectl` on PATH (kubectl 1.20.2 from Debian's kubernetes-client
 * is the reference: `apt-get download kubernetes-client && dpkg -x kubernetes-client_*.deb DIR`).
 * Both commands run with this process's environment, in a fresh HOME and cache directory.
 */

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    apiserver: { type: 'string', default: 'auto' },
    rxkube: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs));
const bin =
  values.rxkube ?? fileURLToPath(new URL('../../../cli/dist/bundle/bin.cjs', import.meta.url));
if (!existsSync(bin)) {
  console.error(`${bin} is missing: run "pnpm --filter @rxkube/cli build" first`);
  process.exit(2);
}
const kubectlCommand = process.env.KUBECTL ?? 'kubectl';

interface Command {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

/** One run: its wall time, and the CPU time (user + system) its process used, in ms. */
interface Took {
  readonly wall: number;
  readonly cpu: number;
}

/**
 * Runs a command under bash, whose `times` reports the CPU time of the finished child: on a
 * machine shared with other work, CPU time moves far less than wall time.
 */
function timeRun(
  command: Command,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Took | undefined> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(
      'bash',
      [
        '-c',
        '"$@" >/dev/null 2>&1; code=$?; times >&2; exit $code',
        'bash',
        command.command,
        ...command.args,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], env },
    );
    let times = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      times += text;
    });
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => {
      const wall = performance.now() - started;
      // The second line of `times`: the children's user and system time, e.g. `0m0.120s 0m0.016s`.
      const children = times.trim().split('\n')[1] ?? '';
      const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
        (m) => Number(m[1]) * 60 + Number(m[2]),
      );
      const cpu =
        seconds.length === 2 ? ((seconds[0] ?? 0) + (seconds[1] ?? 0)) * 1000 : Number.NaN;
      resolve(code === 0 ? { wall, cpu } : undefined);
    });
  });
}

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
function quantile(xs: readonly number[], q: number): number {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
}
const median = (xs: readonly number[]) => quantile(xs, 0.5);
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function measure(where: string, commands: readonly Command[], env: NodeJS.ProcessEnv) {
  const home = mkdtempSync(join(tmpdir(), 'rxkube-startup-'));
  const runEnv = { ...env, HOME: home, XDG_CACHE_HOME: join(home, '.cache') };
  const times = new Map<string, number[]>(commands.map((c) => [c.name, []]));
  const cpuTimes = new Map<string, number[]>(commands.map((c) => [c.name, []]));
  const present = new Set<string>();
  for (const command of commands) {
    if ((await timeRun(command, runEnv)) !== undefined) present.add(command.name);
    else console.log(`  ${command.name}: did not run or failed; left out`);
  }
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let round = 0; round < runs; round++) {
    const took = new Map<string, Took>();
    for (const command of commands) {
      if (!present.has(command.name)) continue;
      const t = await timeRun(command, runEnv);
      if (t === undefined) continue;
      took.set(command.name, t);
      times.get(command.name)?.push(t.wall);
      cpuTimes.get(command.name)?.push(t.cpu);
    }
    const a = took.get('rxkube get pods');
    const b = took.get('kubectl get pods');
    if (a !== undefined && b !== undefined) {
      ratios.push(a.wall / b.wall);
      cpuRatios.push(a.cpu / b.cpu);
    }
  }
  rmSync(home, { recursive: true, force: true });
  console.log(`start-up against ${where}: whole processes, ${runs} rounds`);
  for (const [label, table, perRound] of [
    ['wall time', times, ratios],
    ['CPU time (user + system)', cpuTimes, cpuRatios],
  ] as const) {
    console.log(`  ${label}:`);
    for (const [name, xs] of table) {
      if (xs.length === 0) continue;
      console.log(
        `    ${name.padEnd(26)} min ${ms(Math.min(...xs))} · median ${ms(median(xs))} · max ${ms(Math.max(...xs))}`,
      );
    }
    const rx = table.get('rxkube get pods') ?? [];
    const kc = table.get('kubectl get pods') ?? [];
    if (rx.length > 0 && kc.length > 0 && perRound.length > 0) {
      console.log(
        `    ratio rxkube/kubectl: ${(median(rx) / median(kc)).toFixed(2)} of the medians; per round median ${median(perRound).toFixed(2)}, quartiles ${quantile(perRound, 0.25).toFixed(2)}–${quantile(perRound, 0.75).toFixed(2)}, extremes ${Math.min(...perRound).toFixed(2)}–${Math.max(...perRound).toFixed(2)}`,
      );
    }
  }
}

const node: Command = {
  name: 'node -e 0 (Node alone)',
  command: process.execPath,
  args: ['-e', '0'],
};
if (process.env.NODE_EXTRA_CA_CERTS) {
  console.log(
    `note: NODE_EXTRA_CA_CERTS is set; Node reads and parses that file before any script runs, which every rxkube run pays (the "Node alone" row shows it)`,
  );
}

// 1. A local FakeApiServer, reached with --server (no kubeconfig).
{
  const fake = await FakeApiServer.start();
  fake.create(
    { version: 'v1', resource: 'pods' },
    {
      metadata: { name: 'web-0', namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    },
  );
  await measure(
    'a local FakeApiServer',
    [
      {
        name: 'rxkube get pods',
        command: process.execPath,
        args: [bin, 'get', 'pods', '-s', fake.url],
      },
      { name: 'kubectl get pods', command: kubectlCommand, args: ['get', 'pods', '-s', fake.url] },
      node,
    ],
    process.env,
  );
  await fake.close();
}

// 2. A real kube-apiserver, through a kubeconfig (bearer token, CA file), as users run both.
const real = await realCluster(values.apiserver);
if (typeof real === 'string') {
  console.log(`start-up against a real kube-apiserver: ${real}`);
} else {
  const client = createClient({ kubeconfig: real.kubeconfig });
  const created = await client.transport.request({
    method: 'POST',
    path: '/api/v1/namespaces/default/pods',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { generateName: 'startup-bench-' },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    }),
  });
  const pod = JSON.parse(await created.text()) as { metadata?: { name?: string } };
  const env = { ...process.env, KUBECONFIG: real.kubeconfig };
  await measure(
    'a real kube-apiserver (kubeconfig with a token and a CA file)',
    [
      { name: 'rxkube get pods', command: process.execPath, args: [bin, 'get', 'pods'] },
      { name: 'kubectl get pods', command: kubectlCommand, args: ['get', 'pods'] },
      node,
    ],
    env,
  );
  if (pod.metadata?.name) {
    const deleted = await client.transport.request({
      method: 'DELETE',
      path: `/api/v1/namespaces/default/pods/${pod.metadata.name}`,
    });
    await deleted.dispose();
  }
  await client.transport.close();
  real.stop?.();
}
