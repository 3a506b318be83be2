import { afterEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call, type Json, type RawStream, stream } from './support/http.js';

// Generous bounds: the point is that benchmark-scale use is feasible on a shared two-core
// machine, not a precise figure (the figures are printed).
describe('scale', () => {
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
    const seedStart = performance.now();
    server.bulkCreate(CONFIGMAPS, objects(50_000));
    const seedMs = performance.now() - seedStart;

    const listStart = performance.now();
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
    const listMs = performance.now() - listStart;
    console.log(
      `bulkCreate 50k: ${seedMs.toFixed(0)} ms; paginated list of 50k in ${pages} pages: ${listMs.toFixed(0)} ms`,
    );
    expect(total).toBe(50_000);
    expect(pages).toBe(100);
    expect(seedMs).toBeLessThan(10_000);
    expect(listMs).toBeLessThan(15_000);
  });

  it('fans out writes to several watches with one serialization per write', async () => {
    server = await FakeApiServer.start({ historyLimit: 1000 });
    const watchers = [0, 1, 2, 3].map(() =>
      stream(server, '/api/v1/configmaps?watch=true&resourceVersion=1'),
    );
    open.push(...watchers);
    await server.waitFor(() => server.openWatches === 4);
    const writes = 20_000;
    const start = performance.now();
    server.bulkCreate(CONFIGMAPS, objects(writes));
    const writeMs = performance.now() - start;
    await server.waitFor(() => watchers.every((w) => w.lines.length === writes), {
      timeoutMs: 30_000,
    });
    const deliveredMs = performance.now() - start;
    const rate = (writes / deliveredMs) * 1000;
    console.log(
      `${writes} writes: committed in ${writeMs.toFixed(0)} ms, delivered to 4 watches in ${deliveredMs.toFixed(0)} ms (${rate.toFixed(0)} events/s per watch)`,
    );
    const last = watchers[0]!.events.at(-1) as Json;
    expect(last.object.metadata.name).toBe(`cm-${writes - 1}`);
    expect(rate).toBeGreaterThan(5_000);
  });
});
