import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess as rxkube } from './support/in-process.js';
import { rxkube as bundled } from './support/rxkube-process.js';
import { seededServer, tableCells } from './support/seed-cluster.js';

let server: FakeApiServer;
let dir: string;
let kubeconfig: string;

beforeAll(async () => {
  server = await seededServer();
  dir = mkdtempSync(join(tmpdir(), 'rxkube-cli-'));
  kubeconfig = join(dir, 'config');
  writeFileSync(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '  - name: fake',
      `    cluster: { server: "${server.url}" }`,
      'users:',
      '  - name: anonymous',
      '    user: {}',
      'contexts:',
      '  - name: team',
      '    context: { cluster: fake, user: anonymous, namespace: team }',
      '  - name: plain',
      '    context: { cluster: fake, user: anonymous }',
      'current-context: team',
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await server.close();
});

const names = (stdout: string) =>
  tableCells(stdout)
    .slice(1)
    .map((row) => row[0]);

describe('rxkube get with a kubeconfig', () => {
  it('reads flow-style YAML from the bundled bin, which loads the YAML library beside itself', async () => {
    // bin.cjs is CommonJS: the loader finds the library through the bundle's own file URL.
    const { code, stdout, stderr } = await bundled(['get', 'pods'], { KUBECONFIG: kubeconfig });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(names(stdout)).toEqual(['api-0']);
  });

  it('uses the namespace of the current context by default', async () => {
    const { code, stdout } = await rxkube(['get', 'pods', '--kubeconfig', kubeconfig]);
    expect(code).toBe(0);
    expect(names(stdout)).toEqual(['api-0']);
  });

  it('switches context with --context; a context without namespace means "default"', async () => {
    const { stdout } = await rxkube([
      'get',
      'pods',
      '--kubeconfig',
      kubeconfig,
      '--context',
      'plain',
    ]);
    expect(names(stdout)).toEqual(['web-0', 'web-1']);
  });

  it('reads KUBECONFIG like kubectl', async () => {
    const { stdout } = await rxkube(['get', 'pods'], { KUBECONFIG: kubeconfig });
    expect(names(stdout)).toEqual(['api-0']);
  });

  it('lets -n override the context namespace', async () => {
    const { stdout } = await rxkube(['get', 'pods', '--kubeconfig', kubeconfig, '-n', 'default']);
    expect(names(stdout)).toEqual(['web-0', 'web-1']);
  });

  it('reports an unknown context in one line', async () => {
    const { code, stderr } = await rxkube([
      'get',
      'pods',
      '--kubeconfig',
      kubeconfig,
      '--context',
      'nope',
    ]);
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^error: .*nope/);
  });
});
