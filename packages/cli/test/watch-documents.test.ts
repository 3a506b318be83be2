import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { InProcessRun } from './support/in-process.js';
import { configMapsRef } from './support/seed-cluster.js';

// What kubectl 1.20.2 prints for `get cm -w --watch-only -o …` while a config map is created,
// labelled and deleted (captured against kube-apiserver 1.20.2):
//   -o json                          each object indented by four spaces, one after the other
//   -o json --output-watch-events    one line per event: {"type":"ADDED","object":{…}}
//   -o yaml                          the objects, `---` between them
//   -o yaml --output-watch-events    `object:` … `type: ADDED`, `---` between them
//   -o name (either)                 configmap/<name> per event
// ndjson is rxkube's own: one line {type, key, object} per change.

let server: FakeApiServer;

beforeAll(async () => {
  server = await FakeApiServer.start();
});
afterAll(() => server.close());

/**
 * Runs `get cm -w --watch-only` with `flags` in a namespace holding one config map, then creates,
 * labels and deletes another; resolves to stdout once `done` says all three changes are out.
 */
async function watchOnly(
  ns: string,
  flags: readonly string[],
  done: (stdout: string) => boolean,
): Promise<string> {
  server.create(configMapsRef, { metadata: { name: 'before', namespace: ns } });
  const watch = new InProcessRun([
    'get',
    'cm',
    '-n',
    ns,
    '--watch-only',
    ...flags,
    `--server=${server.url}`,
  ]);
  await server.waitFor(
    () => server.requests.some((r) => r.kind === 'watch' && r.path.includes(`/namespaces/${ns}/`)),
    { timeoutMs: 15_000 },
  );
  server.create(configMapsRef, { metadata: { name: 'two', namespace: ns }, data: { x: '1' } });
  server.patch(configMapsRef, { namespace: ns, name: 'two' }, { metadata: { labels: { l: 'v' } } });
  server.remove(configMapsRef, { namespace: ns, name: 'two' });
  await watch.waitForStdout(done);
  watch.interrupt();
  const { code, stdout } = await watch.exited;
  expect(code).toBe(130);
  return stdout;
}

describe('rxkube get -w --watch-only with documents, as kubectl prints them', () => {
  it('-o json: every changed object indented, never the initial one', async () => {
    const stdout = await watchOnly('wo-json', ['-o', 'json'], (out) =>
      /^}$/m.test(out) ? out.split(/^}$/m).length === 4 : false,
    );
    const objects = stdout
      .split(/^}\n/m)
      .filter((part) => part !== '')
      .map((part) => JSON.parse(`${part}}`));
    expect(objects.map((o) => [o.kind, o.metadata.name, o.metadata.labels])).toEqual([
      ['ConfigMap', 'two', undefined],
      ['ConfigMap', 'two', { l: 'v' }],
      ['ConfigMap', 'two', { l: 'v' }],
    ]);
    expect(stdout.startsWith('{\n    "apiVersion": "v1",\n')).toBe(true);
  });

  it('-o json --output-watch-events: one compact {type, object} line per event', async () => {
    const stdout = await watchOnly(
      'wo-json-events',
      ['-o', 'json', '--output-watch-events'],
      (out) => out.split('\n').length === 4,
    );
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.slice(0, line.indexOf('"object":') + 9))).toEqual([
      '{"type":"ADDED","object":',
      '{"type":"MODIFIED","object":',
      '{"type":"DELETED","object":',
    ]);
    expect(lines.map((line) => JSON.parse(line).object.metadata.name)).toEqual([
      'two',
      'two',
      'two',
    ]);
  });

  it('-o yaml: the objects, separated by ---', async () => {
    const stdout = await watchOnly(
      'wo-yaml',
      ['-o', 'yaml'],
      (out) => out.split('---\n').length === 3 && out.endsWith('\n'),
    );
    expect(stdout.startsWith('apiVersion: v1\n')).toBe(true);
    const documents = parseAllDocuments(stdout).map((d) => d.toJS());
    expect(documents.map((d) => [d.kind, d.metadata.name, d.metadata.labels?.l])).toEqual([
      ['ConfigMap', 'two', undefined],
      ['ConfigMap', 'two', 'v'],
      ['ConfigMap', 'two', 'v'],
    ]);
  });

  it('-o yaml --output-watch-events: object then type, separated by ---', async () => {
    const stdout = await watchOnly(
      'wo-yaml-events',
      ['-o', 'yaml', '--output-watch-events'],
      (out) => (out.match(/^type: /gm) ?? []).length === 3,
    );
    expect(stdout.startsWith('object:\n  apiVersion: v1\n')).toBe(true);
    const documents = parseAllDocuments(stdout).map((d) => d.toJS());
    expect(documents.map((d) => [d.type, d.object.metadata.name])).toEqual([
      ['ADDED', 'two'],
      ['MODIFIED', 'two'],
      ['DELETED', 'two'],
    ]);
  });

  it.each([[[]], [['--output-watch-events']]])(
    '-o name %j: one kind/name line per event',
    async (extra) => {
      const ns = `wo-name${extra.length}`;
      const stdout = await watchOnly(
        ns,
        ['-o', 'name', ...extra],
        (out) => out.split('\n').length === 4,
      );
      expect(stdout).toBe('configmap/two\nconfigmap/two\nconfigmap/two\n');
    },
  );

  it('-o ndjson (rxkube own): one {type, key, object} line per change', async () => {
    const stdout = await watchOnly(
      'wo-ndjson',
      ['-o', 'ndjson'],
      (out) => out.split('\n').length === 4,
    );
    const events = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.map((e) => [e.type, e.key, e.object.kind])).toEqual([
      ['added', 'wo-ndjson/two', 'ConfigMap'],
      ['modified', 'wo-ndjson/two', 'ConfigMap'],
      ['deleted', 'wo-ndjson/two', 'ConfigMap'],
    ]);
  });
});
