import { afterEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, type Json, type RawStream, stream } from './support/http.js';

// Benchmark-scale use works: 50k objects page through, 20k writes reach every watch in order.
// How fast is measured by the benchmarks (packages/testing/bench), never here.
describe('scale', { timeout: 120_000 }, () => {
  let server: FakeApiServer;
  const open: RawStream[] = [];
  afterEach(async () => {
    for (const w of open.splice(0)) w.close();
    await server.close();
  });

  const objects = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      metadata: {
        name: `cm-${i}`,
        namespace: `ns-${i % 10}`,
        labels: { app: `app-${i % 7}`, tier: i % 2 ? 'web' : 'db' },
      },
      data: { index: String(i), payload: 'x'.repeat(100) },
    }));

  it('seeds 50k objects with bulkCreate and pages through them with limit/continue', async () => {
    server = await FakeApiServer.start();
    server.bulkCreate(CONFIGMAPS, objects(50_000));

    let token: string | undefined;
    let total = 0;
    let pages = 0;
    do {
      const query = token ? `limit=500&continue=${token}` : 'limit=500';
      const { body } = await call(server, `/api/v1/configmaps?${query}`);
      total += body.items.length;
      pages++;
      token = body.metadata.continue;
    } while (token);
    expect(total).toBe(50_000);
    expect(pages).toBe(100);
  });

  it('fans out writes to several watches with one serialization per write', async () => {
    server = await FakeApiServer.start({ historyLimit: 1000 });
    const watchers = [0, 1, 2, 3].map(() =>
      stream(server, '/api/v1/configmaps?watch=true&resourceVersion=1'),
    );
    open.push(...watchers);
    await server.waitFor(() => server.openWatches === 4);
    const writes = 20_000;
    server.bulkCreate(CONFIGMAPS, objects(writes));
    await server.waitFor(() => watchers.every((w) => w.lines.length === writes), {
      timeoutMs: 60_000,
    });
    for (const watcher of watchers) {
      const names = watcher.events.map((event) => (event as Json).object.metadata.name);
      expect(names).toEqual(Array.from({ length: writes }, (_, i) => `cm-${i}`));
    }
  });
});
