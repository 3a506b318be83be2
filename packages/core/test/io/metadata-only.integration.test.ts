import { FakeApiServer, type FakeApiServerOptions } from '@rxkube/testing';
import { firstValueFrom, take, takeWhile, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cachedCollection$,
  createFetchClient,
  get$,
  type KubeClient,
  list$,
  type PartialObjectMetadata,
  watch$,
} from '../../src/index.js';
import type { KubeRequest } from '../../src/transport/index.js';

const podsRef = { version: 'v1', resource: 'pods' } as const;
const pods = { ...podsRef, namespace: 'default' } as const;
const LIST_ACCEPT =
  'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json';
const OBJECT_ACCEPT =
  'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json';

let server: FakeApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A client whose requests are recorded, headers included. */
async function start(options: FakeApiServerOptions = {}) {
  server = await FakeApiServer.start(options);
  const inner = createFetchClient({ baseUrl: server.url });
  const sent: KubeRequest[] = [];
  const client: KubeClient = {
    transport: {
      request: (request) => {
        sent.push(request);
        return inner.transport.request(request);
      },
    },
  };
  for (let i = 0; i < 3; i++) {
    server.create(podsRef, {
      metadata: { name: `p${i}`, namespace: 'default', labels: { i: String(i) } },
      spec: { nodeName: 'n1', containers: [{ name: 'app', image: 'nginx' }] },
    });
  }
  return { server, client, sent };
}

const partial = (name: string) => ({
  apiVersion: 'meta.k8s.io/v1',
  kind: 'PartialObjectMetadata',
  metadata: expect.objectContaining({ name, namespace: 'default' }),
});

describe.each([
  ['a server that serves PartialObjectMetadata', {}],
  ['a server that does not (the fallback)', { partialObjectMetadata: false }],
] as const)('metadata-only reads against %s', (_label, options) => {
  it('list$ asks for PartialObjectMetadataList and delivers metadata only', async () => {
    const { client, sent } = await start(options);
    const result = await firstValueFrom(
      list$<PartialObjectMetadata>(client, pods, { metadataOnly: true }),
    );
    expect(result.items).toEqual(['p0', 'p1', 'p2'].map(partial));
    expect(result.items.every((item) => !('spec' in item))).toBe(true);
    expect(sent.map((r) => r.headers?.accept)).toEqual([LIST_ACCEPT]);
  });

  it('get$ asks for PartialObjectMetadata and delivers metadata only', async () => {
    const { client, sent } = await start(options);
    const one = await firstValueFrom(get$(client, pods, 'p1', { metadataOnly: true }));
    expect(one).toEqual(partial('p1'));
    expect(sent.map((r) => r.headers?.accept)).toEqual([OBJECT_ACCEPT]);
  });

  it('watch$ asks for PartialObjectMetadata events', async () => {
    const { server, client, sent } = await start(options);
    const events = firstValueFrom(
      watch$<PartialObjectMetadata>(client, pods, {
        metadataOnly: true,
        resourceVersion: server.resourceVersion,
      }).pipe(take(1), toArray()),
    );
    await server.waitFor(() => server.openWatches === 1);
    server.patch(
      podsRef,
      { namespace: 'default', name: 'p0' },
      { metadata: { labels: { x: 'y' } } },
    );
    expect(await events).toEqual([{ type: 'MODIFIED', object: partial('p0') }]);
    expect(sent.map((r) => r.headers?.accept)).toEqual([OBJECT_ACCEPT]);
  });

  it('cachedCollection$ caches metadata only, through its lists and watches', async () => {
    const { server, client, sent } = await start(options);
    // The states up to the one that holds the object created once the watch is open.
    const states = firstValueFrom(
      cachedCollection$(client, pods, { metadataOnly: true }).pipe(
        takeWhile((state) => !state.items.has('default/late'), true),
        toArray(),
      ),
    );
    await server.waitFor(() => server.openWatches === 1);
    server.create(podsRef, { metadata: { name: 'late', namespace: 'default' }, spec: {} });
    const all = await states;
    const [first, second] = [all[0], all.at(-1)];
    expect([...first!.items.keys()].sort()).toEqual(['default/p0', 'default/p1', 'default/p2']);
    for (const name of ['p0', 'p1', 'p2']) {
      expect(first!.items.get(`default/${name}`)).toEqual(partial(name));
    }
    expect(second!.items.get('default/late')).toEqual(partial('late'));
    expect(sent.map((r) => r.headers?.accept)).toEqual([LIST_ACCEPT, OBJECT_ACCEPT]);
    expect(server.requests.map((r) => `${r.kind} ${r.status}`)).toEqual(['list 200', 'watch 200']);
  });
});
