import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeApiServer } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process.js';

describe('discovery: a disk cache, bounded legacy reads, aggregated where offered', () => {
  let server: FakeApiServer;
  let cacheHome: string;

  beforeAll(async () => {
    server = await FakeApiServer.start();
    server.create(
      { version: 'v1', resource: 'configmaps' },
      { metadata: { name: 'c', namespace: 'default' } },
    );
    for (let i = 0; i < 30; i++) {
      server.registerResource({
        group: `g${i}.example.com`,
        version: 'v1',
        resource: 'things',
        kind: 'Thing',
      });
    }
    cacheHome = await mkdtemp(join(tmpdir(), 'rxkube-cache-'));
  });
  afterAll(() => server.close());

  const run = (...args: string[]) =>
    runInProcess(['get', ...args, '-o', 'name', `--server=${server.url}`], {
      XDG_CACHE_HOME: cacheHome,
    });

  it('reads every group version, a few at a time, without a warning on stderr', async () => {
    server.clearRequests();
    const { code, stdout, stderr } = await run('cm');
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: 'configmap/c\n', stderr: '' });
    expect(server.count('discovery')).toBeGreaterThanOrEqual(30);
  });

  it('answers the next command from the cache: no discovery request', async () => {
    server.clearRequests();
    const { stdout } = await run('configmaps');
    expect(stdout).toBe('configmap/c\n');
    expect(server.count('discovery')).toBe(0);
    expect(server.count('list')).toBe(1);
  });

  it('reads discovery again when the cache does not know a type', async () => {
    server.registerResource({
      group: 'late.example.com',
      version: 'v1',
      resource: 'newcomers',
      kind: 'Newcomer',
    });
    server.clearRequests();
    const { code, stderr } = await run('newcomers');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(server.count('discovery')).toBeGreaterThan(0);
    server.clearRequests();
    await run('newcomers');
    expect(server.count('discovery')).toBe(0);
  });

  it('uses aggregated discovery when the server offers it: two discovery requests', async () => {
    const paths: string[] = [];
    const aggregated = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      const wantsAggregated = (req.headers.accept ?? '').includes('as=APIGroupDiscoveryList');
      if ((req.url === '/api' || req.url === '/apis') && wantsAggregated) {
        const core = req.url === '/api';
        return res.end(
          JSON.stringify({
            kind: 'APIGroupDiscoveryList',
            apiVersion: 'apidiscovery.k8s.io/v2',
            items: [
              {
                metadata: { name: core ? '' : 'example.com' },
                versions: [
                  {
                    version: 'v1',
                    resources: [
                      {
                        resource: core ? 'pods' : 'gadgets',
                        responseKind: { kind: core ? 'Pod' : 'Gadget' },
                        scope: 'Namespaced',
                        singularResource: core ? 'pod' : 'gadget',
                        verbs: ['get', 'list'],
                      },
                    ],
                  },
                ],
              },
            ],
          }),
        );
      }
      res.end(
        JSON.stringify({
          kind: 'GadgetList',
          apiVersion: 'example.com/v1',
          metadata: {},
          items: [{ metadata: { name: 'g1' } }],
        }),
      );
    });
    await new Promise<void>((resolve) => aggregated.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(aggregated.address() as AddressInfo).port}`;
      const { stdout } = await runInProcess(['get', 'gadgets', '-o', 'name', `--server=${url}`], {
        XDG_CACHE_HOME: cacheHome,
      });
      expect(stdout).toBe('gadget.example.com/g1\n');
      expect(paths).toEqual([
        '/api',
        '/apis',
        '/apis/example.com/v1/namespaces/default/gadgets?limit=500',
      ]);
    } finally {
      await new Promise((resolve) => aggregated.close(resolve));
    }
  });
});
