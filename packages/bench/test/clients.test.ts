import { FakeApiServer, realisticPod } from '@rxkube/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchAnnotations } from '../src/bench-annotations.js';
import { MarkCounter } from '../src/client/mark-counter.js';
import type { BenchClientSpec } from '../src/clients/bench-client-spec.js';
import { createBenchClient } from '../src/clients/create-bench-client.js';
import { continueAtPageHead } from '../src/clients/floor-client.js';

const PODS = { version: 'v1', resource: 'pods' } as const;
const COUNT = 60;
let server: FakeApiServer;

beforeAll(async () => {
  server = await FakeApiServer.start();
  server.bulkCreate(
    PODS,
    Array.from({ length: COUNT }, (_, i) => realisticPod(i)),
  );
});

afterAll(() => server.close());

describe('the clients under test', () => {
  it('are served pods that keep their managedFields', async () => {
    const list = (await (await fetch(`${server.url}/api/v1/pods?limit=5`)).json()) as {
      items: { metadata: { managedFields?: unknown[] } }[];
    };
    expect(list.items).toHaveLength(5);
    for (const item of list.items) expect(item.metadata.managedFields).toHaveLength(2);
  });

  it('let the floor asking pages ahead read the continue token at the head of a page', async () => {
    const response = await fetch(`${server.url}/api/v1/pods?limit=5`);
    const body = Buffer.from(await response.arrayBuffer());
    const page = JSON.parse(body.toString('utf8')) as { metadata: { continue: string } };
    expect(page.metadata.continue).not.toBe('');
    expect(continueAtPageHead(body.subarray(0, 200))).toBe(page.metadata.continue);
    const last = await fetch(`${server.url}/api/v1/pods?limit=${COUNT}`);
    expect(continueAtPageHead(Buffer.from(await last.arrayBuffer()))).toBeUndefined();
  });

  const specs: BenchClientSpec[] = [
    { kind: 'floor' },
    { kind: 'floor', pagesAhead: true },
    { kind: 'string-floor' },
    { kind: 'rxkube' },
    { kind: 'rxkube', transport: 'node-http' },
    { kind: 'rxkube', decoder: 'core', transform: 'drop-managed-fields' },
    { kind: 'rxkube', shared: true, subscribers: 3 },
    { kind: 'client-node', subscribers: 2 },
  ];
  for (const spec of specs) {
    it(`${JSON.stringify(spec)} syncs every pod in pages and shows marked events to every consumer`, async () => {
      const consumers = spec.subscribers ?? 1;
      const counter = new MarkCounter(consumers);
      const client = await createBenchClient(spec, {
        url: server.url,
        pageSize: 25,
        subscribers: consumers,
        onApplied: counter.applied,
      });
      try {
        await client.start();
        expect(client.size()).toBe(COUNT);
        await client.watching?.();
        const marker = `test-${Math.random()}`;
        counter.arm(marker, 3);
        for (let i = 0; i < 3; i++) {
          const pod = realisticPod(i);
          pod.metadata.annotations = { [benchAnnotations.mark]: marker };
          server.update(PODS, pod);
        }
        const times = await counter.done;
        expect(times.doneAt).toBeGreaterThanOrEqual(times.firstAt);
        expect(counter.progress()).toBe(
          `${Array(consumers).fill(3).join('/')} of 3 marked objects`,
        );
        if (spec.kind === 'rxkube') {
          expect(client.describe?.()).toBe(`running, ${COUNT} cached, health {"status":"live"}`);
        }
      } finally {
        await client.stop();
      }
    });
  }
});
