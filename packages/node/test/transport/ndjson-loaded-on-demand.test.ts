import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { firstValueFrom, take, toArray } from 'rxjs';
import { expect, it } from 'vitest';

// This file imports nothing that loads `ndjson` before the checks below (each test file runs in a
// fresh worker). `ndjson` is CommonJS: once loaded, its files are in the require cache.
const loadedNdjson = () =>
  Object.keys(createRequire(import.meta.url).cache).some((path) =>
    /[\\/]node_modules[\\/](\.pnpm[\\/])?ndjson[@\\/]/.test(path),
  );

const podList = {
  kind: 'PodList',
  apiVersion: 'v1',
  metadata: { resourceVersion: '5' },
  items: [],
};
const added = {
  type: 'ADDED',
  object: {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: { name: 'a', namespace: 'd', uid: 'u', resourceVersion: '6' },
  },
};

it("loads ndjson only when decoder: 'ndjson' is chosen", async () => {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url?.includes('watch=true') === true) {
      response.write(`${JSON.stringify(added)}\n`);
      return; // the watch stays open; the test takes one event
    }
    response.end(JSON.stringify(podList));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { list$, watch$ } = await import('@rxkube/core');
  const { undiciTransport } = await import('../../src/index.js');
  const pods = { version: 'v1', resource: 'pods', namespace: 'd' };
  const core = undiciTransport({ baseUrl });
  const viaPackage = undiciTransport({ baseUrl, decoder: 'ndjson' });
  try {
    const listed = await firstValueFrom(list$({ transport: core }, pods));
    expect(listed.resourceVersion).toBe('5');
    const coreEvents = await firstValueFrom(
      watch$({ transport: core }, pods, { resourceVersion: '5' }).pipe(take(1), toArray()),
    );
    expect(coreEvents.map((e) => e.type)).toEqual(['ADDED']);
    expect(loadedNdjson()).toBe(false);

    // The check can fail: the `ndjson` decoder loads the package.
    const packageEvents = await firstValueFrom(
      watch$({ transport: viaPackage }, pods, { resourceVersion: '5' }).pipe(take(1), toArray()),
    );
    expect(packageEvents.map((e) => e.type)).toEqual(['ADDED']);
    expect(loadedNdjson()).toBe(true);
  } finally {
    await core.close();
    await viaPackage.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
