import type { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessRun, runInProcess } from './support/in-process.js';
import { pinnedKubectl, type Ran, RunningKubectl, runKubectl } from './support/pinned-kubectl.js';
import { configMapsRef, seededServer } from './support/seed-cluster.js';

// kubectl 1.32.3 and rxkube on the same command lines against one FakeApiServer: what a user of
// today's kubectl sees must be what rxkube prints, for everything kubectl decides on its own
// (flags, printers, padding). The golden matrix (packages/conformance/golden) holds the same
// kubectl's answers against a real kube-apiserver.

const AGE = /(?<=^|\s)(?:\d+m\d+s|\d+[smhd])(?=\s|$)/gm;

/** Ages (which tick between the two runs) as `<age>`, with the padding their widths set. */
function comparable(ran: Ran): Ran {
  const text = (s: string) => s.replace(AGE, '<age>').replace(/(?<=<age>) +(?=\S)/g, '  ');
  return { code: ran.code, stdout: text(ran.stdout), stderr: text(ran.stderr) };
}

/** kubectl's words for itself, as rxkube says them. */
function renamed(ran: Ran): Ran {
  const text = (s: string) =>
    s
      .replace(/'kubectl (?=[a-z-]+ --help'|--help')/g, "'rxkube ")
      .replace(/ for "kubectl"/g, ' for "rxkube"');
  return { ...ran, stdout: text(ran.stdout), stderr: text(ran.stderr) };
}

let server: FakeApiServer;
let kubectl: string;

beforeAll(async () => {
  kubectl = pinnedKubectl();
  server = await seededServer();
}, 180_000);
afterAll(() => server?.close());

const COMMAND_LINES: readonly (readonly string[])[] = [
  // Flag errors (point 9 of the first-contact issue).
  ['get', 'pods', '--bogus'],
  ['get', 'pods', '-x'],
  ['get', 'pods', '-xA'],
  ['get', 'pods', '-o'],
  ['get', 'pods', '-Ao'],
  ['get', 'pods', '--selector'],
  ['get', 'pods', '--no-headers=maybe'],
  ['get', 'pods', '-A=maybe'],
  ['get', 'pods', '--chunk-size=ten'],
  ['get', 'pods', '---x'],
  ['get', 'pods', '-o', '-w'],
  ['get', 'pods', '-n', '-A'],
  ['get', 'pods', '-w=false', '--no-headers=true'],
  ['get', 'pods', '-oname', '-ndefault'],
  ['get', 'pods', '--request-timeout=soon'],
  ['gte', 'pods'],
  ['prox'],
  ['frobnicate'],
  // jsonpath that kubectl cannot read, on a list with items and on an empty one (point 10).
  ['get', 'pods', '-o', 'jsonpath={.items[0'],
  ['get', 'pods', '-n', 'empty', '-o', 'jsonpath={.items[0'],
  ['get', 'pods', '-n', 'empty', '-o', 'jsonpath-as-json={.items[0].metadata.name'],
  ['get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}{"\\n}'],
  ['get', 'pods', '-o', 'jsonpath={.items[?(@.x==)]}'],
  ['get', 'pods', '-o', 'jsonpath={.items[a]}'],
  // Empty lists, printed (kubectl 1.32).
  ['get', 'pods', '-n', 'empty', '-o', 'jsonpath={.items}'],
  ['get', 'pods', '-n', 'empty', '-o', 'custom-columns=NAME:.metadata.name'],
  ['get', 'pods', '-n', 'empty', '-o', 'go-template={{len .items}}'],
  ['get', 'pods', '-n', 'empty', '-o', 'yaml'],
  ['get', 'pods', '-n', 'empty'],
  ['get', 'pods', '-o', 'custom-columns=NAME:.metadata.name,X:.x['],
  // Padding (point 11).
  ['get', 'pods', '--no-headers'],
  ['get', 'pods', '-A', '--no-headers'],
  [
    'get',
    'pods',
    '-o',
    'custom-columns=N:.metadata.name,R:.status.containerStatuses[0].restartCount',
  ],
  [
    'get',
    'pods',
    '--no-headers',
    '-o',
    'custom-columns=N:.metadata.name,R:.status.containerStatuses[0].restartCount',
  ],
  ['get', 'pods,cm', '--no-headers'],
  // managedFields (point 8).
  ['get', 'pod', 'web-0', '-o', 'yaml'],
  ['get', 'pods', '-o', 'json'],
  ['get', 'pod', 'web-0', '-o', 'yaml', '--show-managed-fields'],
  ['get', 'pod', 'web-0', '-o', 'json', '--show-managed-fields=true'],
];

describe('rxkube and kubectl 1.32.3 side by side on FakeApiServer', () => {
  it.each(COMMAND_LINES.map((args) => [args.join(' '), args] as const))('%s', async (_, args) => {
    const s = `--server=${server.url}`;
    // The server first, so that a flag missing its value at the end stays so (a mistyped
    // command takes it last: kubectl reads a flag before an unknown command as a plugin's).
    const line = args[0] === 'get' ? [s, ...args] : [...args, s];
    const [theirs, ours] = await Promise.all([runKubectl(kubectl, line), runInProcess(line)]);
    expect(comparable(ours)).toEqual(comparable(renamed(theirs)));
  });
});

const lineCount = (text: string) => text.split('\n').filter((line) => line !== '').length;

describe('rxkube get -w and kubectl 1.32.3 -w side by side, into a pipe', () => {
  it.each([
    [['-w', '--output-watch-events', '--no-headers'], 3],
    [['-w', '--output-watch-events'], 4],
    [['-w'], 4],
    [['--watch-only'], 3],
  ])('get cm %j prints the same lines for the same changes', async (flags, lines) => {
    const ns = `watch-${flags.join('').replace(/[^a-z]/g, '')}`;
    server.create(configMapsRef, { metadata: { name: 'a', namespace: ns }, data: { x: '1' } });
    const args = [`--server=${server.url}`, 'get', 'cm', '-n', ns, ...flags];
    const before = server.openWatches;
    const theirs = new RunningKubectl(kubectl, args);
    const ours = new InProcessRun(args);
    try {
      await server.waitFor(() => server.openWatches === before + 2, { timeoutMs: 15_000 });
      server.create(configMapsRef, { metadata: { name: 'a-longer-name', namespace: ns } });
      server.remove(configMapsRef, { namespace: ns, name: 'a' });
      await server.waitFor(
        () => lineCount(theirs.stdout) === lines && lineCount(ours.stdout) === lines,
        { timeoutMs: 15_000 },
      );
    } finally {
      ours.interrupt();
      await Promise.all([theirs.stop(), ours.exited]);
    }
    const seen = comparable({ code: 0, stdout: ours.stdout, stderr: ours.stderr });
    expect(seen).toEqual(comparable({ code: 0, stdout: theirs.stdout, stderr: theirs.stderr }));
  });
});
