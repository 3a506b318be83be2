import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FakeApiServer } from '@rxkube/testing';

/**
 * `pnpm bench` (start-up part): the wall time of a whole `rxkube get pods` process against a
 * local FakeApiServer, beside `kubectl get pods` when a kubectl is found (`KUBECTL`, else
 * `kubectl` on PATH), run in turn A B A B … after a warm-up; prints min, median and max and
 * the ratio of medians. A benchmark, never a test: the figures go to docs/benchmarks.md by hand.
 *
 *   --runs=N   counted runs of each command (default 9)
 *   --server=URL   a server to use instead of a local FakeApiServer (then give a kubeconfig
 *                  through KUBECONFIG for both commands)
 */

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '9' }, server: { type: 'string' } },
});
const runs = Math.max(1, Number(values.runs));
const bin = fileURLToPath(new URL('../../../cli/dist/bundle/bin.js', import.meta.url));
if (!existsSync(bin)) {
  console.error(`${bin} is missing: run "pnpm --filter @rxkube/cli build" first`);
  process.exit(2);
}

function timeRun(command: string, args: readonly string[]): Promise<number | undefined> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', () => resolve(undefined));
    child.on('exit', (code) => resolve(code === 0 ? performance.now() - started : undefined));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const fake = values.server === undefined ? await FakeApiServer.start() : undefined;
const url = values.server ?? fake!.url;
fake?.create(
  { version: 'v1', resource: 'pods' },
  {
    metadata: { name: 'web-0', namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
  },
);
const rxkube = {
  command: process.execPath,
  args: [bin, 'get', 'pods', ...(fake ? ['--server', url] : [])],
};
const kubectl = {
  command: process.env.KUBECTL ?? 'kubectl',
  args: ['get', 'pods', ...(fake ? ['-s', url] : [])],
};
const times = { rxkube: [] as number[], kubectl: [] as number[] };
let kubectlFound = (await timeRun(kubectl.command, kubectl.args)) !== undefined;
await timeRun(rxkube.command, rxkube.args);
for (let i = 0; i < runs; i++) {
  const a = await timeRun(rxkube.command, rxkube.args);
  if (a !== undefined) times.rxkube.push(a);
  if (kubectlFound) {
    const b = await timeRun(kubectl.command, kubectl.args);
    if (b === undefined) kubectlFound = false;
    else times.kubectl.push(b);
  }
}
await fake?.close();

const row = (name: string, xs: number[]) =>
  xs.length === 0
    ? `${name.padEnd(22)} (not run)`
    : `${name.padEnd(22)} min ${Math.min(...xs).toFixed(0)} ms · median ${median(xs).toFixed(0)} ms · max ${Math.max(...xs).toFixed(0)} ms`;
console.log(
  `start-up: whole process, ${runs} runs each against ${fake ? 'a local FakeApiServer' : url}`,
);
console.log(row('rxkube get pods', times.rxkube));
console.log(row('kubectl get pods', times.kubectl));
if (times.kubectl.length > 0) {
  console.log(
    `ratio of medians rxkube/kubectl: ${(median(times.rxkube) / median(times.kubectl)).toFixed(2)}`,
  );
}
