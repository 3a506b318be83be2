import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { createClient } from '@rxkube/node';
import { FakeApiServer } from '@rxkube/testing';
import type { CodeBlock } from '../../src/code-block.js';

/** Where the blocks are written to be imported: inside this package, so its dependencies resolve. */
const runDir = join(new URL('../..', import.meta.url).pathname, '.code-blocks', 'run');

/** How long a block may take to print what it states, after its module has run. */
const SETTLE_MS = 20_000;

/**
 * Runs a documentation block as its reader would, and returns what it printed with
 * `console.log`, line by line, once it printed `expectedLines` lines (or its time is up).
 *
 * The block runs in this process as an ES module (top-level `await`, imports of the workspace's
 * sources), with its hidden prelude in front. Its world is a fresh `FakeApiServer`: the globals of
 * the docs prelude (`server`, `client`, `ref`) are that server, a client of it and its pods in
 * `default`, and `KUBECONFIG` names a kubeconfig whose context is that server, so that a block's
 * own `createClient()` connects there as it would to a cluster.
 */
export async function runCodeBlock(
  block: CodeBlock,
  name: string,
  expectedLines: number,
): Promise<string[]> {
  const server = await FakeApiServer.start();
  const home = mkdtempSync(join(tmpdir(), 'rxkube-docs-run-'));
  const kubeconfig = join(home, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'fake', cluster: { server: server.url } }],
      users: [{ name: 'fake', user: {} }],
      contexts: [
        { name: 'fake', context: { cluster: 'fake', user: 'fake', namespace: 'default' } },
      ],
      'current-context': 'fake',
    }),
  );
  const client = createClient({ baseUrl: server.url });
  const globals = globalThis as Record<string, unknown>;
  const saved = { env: { ...process.env }, log: console.log };
  Object.assign(globals, {
    server,
    client,
    ref: { version: 'v1', resource: 'pods', namespace: 'default' },
  });
  process.env.KUBECONFIG = kubeconfig;
  process.env.HOME = home;
  const printed: string[] = [];
  console.log = (...args: unknown[]) => {
    printed.push(...format(...args).split('\n'));
  };
  const file = join(runDir, `${name.replace(/[^\w.-]+/g, '_')}.ts`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${block.prelude}\n${block.code}\n`);
  try {
    await import(pathToFileURL(file).href);
    const deadline = performance.now() + SETTLE_MS;
    while (printed.length < expectedLines && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return printed;
  } finally {
    console.log = saved.log;
    process.env = saved.env;
    for (const key of ['server', 'client', 'ref']) delete globals[key];
    await client.transport.destroy();
    await server.close();
    rmSync(file, { force: true });
    rmSync(home, { recursive: true, force: true });
  }
}
