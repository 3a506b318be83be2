import type { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runInProcess } from './support/in-process.js';
import { configMapsRef, seededServer, tableCells } from './support/seed-cluster.js';

let server: FakeApiServer;
let s: string;

beforeAll(async () => {
  server = await seededServer();
  s = `--server=${server.url}`;
});
afterAll(() => server.close());

describe('rxkube get, run in-process', () => {
  it('lists another namespace with -n', async () => {
    const { stdout } = await runInProcess(['get', 'pod', '-n', 'team', s]);
    expect(
      tableCells(stdout)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['api-0']);
  });

  it('shows a deployment with its replica columns', async () => {
    const { stdout } = await runInProcess(['get', 'deploy', s]);
    const [header, row] = tableCells(stdout);
    expect(header).toEqual(['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE']);
    expect(row?.slice(0, 4)).toEqual(['web', '1/2', '2', '1']);
  });

  it('resolves resource.version.group and prints a yaml List', async () => {
    const { code, stdout } = await runInProcess(['get', 'widgets.v1.example.com', s, '-o', 'yaml']);
    expect(code).toBe(0);
    const list = parse(stdout);
    expect(list.kind).toBe('List');
    expect(list.items[0]).toMatchObject({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'gizmo' },
    });
  });

  it('filters by label selector on the server', async () => {
    server.create(configMapsRef, {
      metadata: { name: 'labelled', namespace: 'labels', labels: { tier: 'db' } },
    });
    server.create(configMapsRef, {
      metadata: { name: 'other', namespace: 'labels', labels: { tier: 'web' } },
    });
    const { stdout } = await runInProcess([
      'get',
      'cm',
      s,
      '-n',
      'labels',
      '-l',
      'tier=db',
      '-o',
      'name',
    ]);
    expect(stdout).toBe('configmap/labelled\n');
    const lists = server.requests.filter(
      (r) => r.kind === 'list' && r.path.endsWith('/labels/configmaps'),
    );
    expect(lists.at(-1)?.query.labelSelector).toBe('tier=db');
  });

  it('gets named objects with one GET each, as kubectl does', async () => {
    server.clearRequests();
    const one = await runInProcess(['get', 'pods', 'web-1', s, '-o', 'name']);
    expect(one.stdout).toBe('pod/web-1\n');
    const gets = server.requests.filter((r) => r.kind === 'get');
    expect(gets.map((r) => r.path)).toEqual(['/api/v1/namespaces/default/pods/web-1']);
    expect(server.requests.filter((r) => r.kind === 'list')).toEqual([]);
    const missing = await runInProcess(['get', 'pods', 'web-0', 'web-9', s, '-o', 'name']);
    expect(missing.stdout).toBe('pod/web-0\n');
    expect(missing.stderr).toBe('Error from server (NotFound): pods "web-9" not found\n');
    expect(missing.code).toBe(1);
  });

  it('keeps each name with its own type when --sort-by reorders several types', async () => {
    server.create(configMapsRef, { metadata: { name: 'aaa', namespace: 'team' }, data: {} });
    const args = ['get', 'pods,cm', '-n', 'team', s, '-o', 'name'];
    const unsorted = await runInProcess(args);
    expect(unsorted.stdout).toBe('pod/api-0\nconfigmap/aaa\n');
    const sorted = await runInProcess([...args, '--sort-by=.metadata.name']);
    expect(sorted.stdout).toBe('configmap/aaa\npod/api-0\n');
  });

  it('says so on stderr when nothing is found', async () => {
    const { code, stdout, stderr } = await runInProcess(['get', 'pods', '-n', 'empty', s]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toBe('No resources found in empty namespace.\n');
  });

  it("fails on a jsonpath kubectl cannot read with kubectl's parse error, an empty list too", async () => {
    for (const namespace of ['default', 'empty']) {
      const { code, stdout, stderr } = await runInProcess([
        'get',
        'pods',
        '-n',
        namespace,
        '-o',
        'jsonpath={.items[0',
        s,
      ]);
      expect({ code, stdout, stderr }).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: error parsing jsonpath {.items[0, unterminated array\n',
      });
    }
  });

  it('prints an empty list with -o jsonpath, custom-columns and json, as kubectl 1.32 does', async () => {
    const get = (output: string) => runInProcess(['get', 'pods', '-n', 'empty', '-o', output, s]);
    expect(await get('jsonpath={.items}')).toEqual({ code: 0, stdout: '[]', stderr: '' });
    expect(await get('custom-columns=NAME:.metadata.name')).toEqual({
      code: 0,
      stdout: 'NAME\n',
      stderr: '',
    });
    expect((await get('json')).stdout).toBe(
      '{\n    "apiVersion": "v1",\n    "items": [],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n',
    );
  });

  it('prints the headers of custom columns, then why a path cannot be read', async () => {
    const { code, stdout, stderr } = await runInProcess([
      'get',
      'pods',
      '-o',
      'custom-columns=NAME:.metadata.name,X:.x[',
      s,
    ]);
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: 'NAME   X\n',
      stderr: 'error: unterminated array\n',
    });
  });

  it('leaves managedFields out of -o yaml and -o json unless --show-managed-fields', async () => {
    const yaml = await runInProcess(['get', 'pod', 'web-0', '-o', 'yaml', s]);
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toContain('name: web-0');
    expect(yaml.stdout).not.toContain('managedFields');
    const json = await runInProcess(['get', 'pods', '-o', 'json', s]);
    expect(JSON.parse(json.stdout).items[0].metadata.managedFields).toBeUndefined();
    const shown = await runInProcess([
      'get',
      'pod',
      'web-0',
      '-o',
      'yaml',
      '--show-managed-fields',
      s,
    ]);
    expect(parse(shown.stdout).metadata.managedFields[0]).toMatchObject({
      manager: expect.any(String),
      operation: 'Update',
    });
    // Other formats see the object as the server sent it, as kubectl's do.
    const jsonpath = await runInProcess([
      'get',
      'pod',
      'web-0',
      '-o',
      'jsonpath={.metadata.managedFields[0].operation}',
      s,
    ]);
    expect(jsonpath.stdout).toBe('Update');
  });

  it('reports an unreachable server in one line, with the stack only under --debug', async () => {
    const closed = '--server=http://127.0.0.1:9';
    const plain = await runInProcess(['get', 'pods', closed]);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toBe(
      'error: The connection to the server 127.0.0.1:9 was refused - did you specify the right host or port?\n',
    );
    const debug = await runInProcess(['get', 'pods', closed, '--debug']);
    expect(debug.code).toBe(1);
    expect(debug.stderr.split('\n')[0]).toBe(plain.stderr.trimEnd());
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it("rejects a wrong flag in kubectl's words and exits 1", async () => {
    const { code, stderr } = await runInProcess(['get', 'pods', '--frobnicate']);
    expect(code).toBe(1);
    expect(stderr).toBe("error: unknown flag: --frobnicate\nSee 'rxkube get --help' for usage.\n");
  });

  it('prints help and version and exits 0', async () => {
    const help = await runInProcess(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('rxkube get <resource>');
    expect((await runInProcess(['get', '--help'])).stdout).toContain('--field-selector');
    expect((await runInProcess(['help', 'demo'])).stdout).toContain('--duration');
    expect((await runInProcess(['--version'])).stdout).toMatch(/^rxkube \d+\.\d+\.\d+\n$/);
  });
});
