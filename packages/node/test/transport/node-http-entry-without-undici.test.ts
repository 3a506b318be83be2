import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';

// This file imports nothing that loads undici before the checks below (each test file runs in a
// fresh worker). undici is CommonJS: once loaded, its files are in the require cache.
const loadedUndici = () =>
  Object.keys(createRequire(import.meta.url).cache).some((path) =>
    /[\\/]node_modules[\\/]undici[\\/]/.test(path),
  );

it('@rxkube/node/node-http connects and requests without loading undici; @rxkube/node loads it', async () => {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"major":"1","minor":"20"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const { createNodeHttpClient, loadKubeConfig } = await import('../../src/node-http/index.js');
    expect(typeof loadKubeConfig).toBe('function');
    const client = createNodeHttpClient({
      kubeconfig: {
        clusters: [{ name: 'c', cluster: { server: `http://127.0.0.1:${port}` } }],
        users: [{ name: 'u', user: { token: 't' } }],
        contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
        'current-context': 'x',
      },
    });
    const response = await client.transport.request({ path: '/version' });
    expect(JSON.parse(await response.text())).toEqual({ major: '1', minor: '20' });
    await client.transport.close();
    expect(loadedUndici()).toBe(false);

    // The check can fail: the main entry point exports the undici transport.
    await import('../../src/index.js');
    expect(loadedUndici()).toBe(true);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
