import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rxkube } from './support/rxkube-process.js';
import { seededServer } from './support/seed-cluster.js';

let server: FakeApiServer;
let dir: string;

beforeAll(async () => {
  server = await seededServer();
  dir = await mkdtemp(join(tmpdir(), 'rxkube-read-once-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * A module loaded before the command (`--import`) that counts `fs.readFileSync` calls on one
 * path and writes the count to a file at exit. `syncBuiltinESMExports` makes the bundle's
 * `import { readFileSync } from 'node:fs'` see the counting function.
 */
function counter(path: string, countFile: string): string {
  return `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const original = fs.readFileSync;
let reads = 0;
fs.readFileSync = function (file, ...rest) {
  if (String(file) === ${JSON.stringify(path)}) reads++;
  return original.call(this, file, ...rest);
};
syncBuiltinESMExports();
process.on('exit', () => fs.writeFileSync(${JSON.stringify(countFile)}, String(reads)));
`;
}

async function readsOfKubeconfig(args: readonly string[], kubeconfig: string) {
  const countFile = join(dir, `count-${args.join('-')}`);
  const preload = join(dir, `count-${args.join('-')}.mjs`);
  await writeFile(preload, counter(kubeconfig, countFile));
  const run = await rxkube(args, {
    KUBECONFIG: kubeconfig,
    NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`,
  });
  return { run, reads: Number(await readFile(countFile, 'utf8')) };
}

describe('the kubeconfig', () => {
  it('is read once by a run of `get` that connects', async () => {
    const kubeconfig = join(dir, 'config');
    await writeFile(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        'current-context: fake',
        'contexts:',
        '- name: fake',
        '  context: {cluster: fake, user: me}',
        'clusters:',
        '- name: fake',
        `  cluster: {server: "${server.url}"}`,
        'users:',
        '- name: me',
        '  user: {}',
        '',
      ].join('\n'),
    );
    const { run, reads } = await readsOfKubeconfig(['get', 'pods', '-o', 'name'], kubeconfig);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('pod/web-0\npod/web-1\n');
    expect(reads).toBe(1);
  });

  it('is read again only to explain a failure: an empty file is named as empty', async () => {
    const empty = join(dir, 'empty');
    await writeFile(empty, '\n');
    const { run, reads } = await readsOfKubeconfig(['get', 'pods', '--context', 'x'], empty);
    expect(run.stderr).toBe(
      `error: kubeconfig ${empty} is empty: no cluster is configured (use --server, or a kubeconfig with a current context)\n`,
    );
    expect(run.code).toBe(1);
    expect(reads).toBe(2);
  });
});
