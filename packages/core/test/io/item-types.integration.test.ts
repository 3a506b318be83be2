/**
 * Every object a read hands out carries its `apiVersion` and `kind`, wherever it came from: LIST
 * items (which kube-apiserver sends without them), watch events and GETs alike, so that code can
 * rely on `kind` and Events name their object.
 */
import { FakeApiServer } from '@rxkube/testing';
import { filter, firstValueFrom, lastValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cachedCollection$,
  createFetchClient,
  eventRecorder,
  get$,
  type KubeClient,
  type KubeObject,
  list$,
  type ObjectSchema,
} from '../../src/index.js';
import { fillItemTypes, itemKindOf } from '../../src/internal/fill-item-types.js';

const pods = { version: 'v1', resource: 'pods', namespace: 'shop' } as const;
const deployments = { group: 'apps', version: 'v1', resource: 'deployments', namespace: 'shop' };
const widgets = { group: 'example.com', version: 'v1', resource: 'widgets', namespace: 'shop' };

let server: FakeApiServer;
let client: KubeClient;
beforeEach(async () => {
  server = await FakeApiServer.start();
  client = createFetchClient({ baseUrl: server.url });
  for (const name of ['a', 'b', 'c']) {
    server.create(pods, { metadata: { name, namespace: 'shop' }, spec: { containers: [] } });
  }
});
afterEach(async () => {
  await server.close();
});

const typeMeta = (object: KubeObject) => ({ apiVersion: object.apiVersion, kind: object.kind });

describe('apiVersion and kind on every object read', () => {
  it('are sent by the server for watch events and GETs, and left out of LIST items', async () => {
    const list = (await (await fetch(`${server.url}/api/v1/namespaces/shop/pods`)).json()) as {
      kind: string;
      items: KubeObject[];
    };
    expect(list.kind).toBe('PodList');
    expect(list.items.map(typeMeta)).toEqual(
      list.items.map(() => ({ apiVersion: undefined, kind: undefined })),
    );
  });

  it('are given to every item of a list$, on every page, from the list kind (PodList → Pod)', async () => {
    const { items } = await lastValueFrom(list$(client, pods, { pageSize: 2 }));
    expect(items).toHaveLength(3);
    expect(items.map(typeMeta)).toEqual(items.map(() => ({ apiVersion: 'v1', kind: 'Pod' })));
  });

  it('are given to the items of a named group (DeploymentList of apps/v1 → Deployment)', async () => {
    server.create(deployments, { metadata: { name: 'web', namespace: 'shop' }, spec: {} });
    const { items } = await lastValueFrom(list$(client, deployments));
    expect(items.map(typeMeta)).toEqual([{ apiVersion: 'apps/v1', kind: 'Deployment' }]);
  });

  it('keep what an item carries itself (custom resources do)', () => {
    const items: KubeObject[] = [
      { apiVersion: 'example.com/v2', kind: 'Gadget', metadata: { name: 'g' } },
      { metadata: { name: 'w' } },
    ];
    fillItemTypes(items, 'example.com/v1', 'WidgetList');
    expect(items.map(typeMeta)).toEqual([
      { apiVersion: 'example.com/v2', kind: 'Gadget' },
      { apiVersion: 'example.com/v1', kind: 'Widget' },
    ]);
  });

  it('derive the item kind only from a typed list kind: not from `List`, a missing or odd kind', () => {
    expect(itemKindOf('PodList')).toBe('Pod');
    expect(itemKindOf('PartialObjectMetadataList')).toBe('PartialObjectMetadata');
    expect(itemKindOf('List')).toBeUndefined();
    expect(itemKindOf('Table')).toBeUndefined();
    expect(itemKindOf(undefined)).toBeUndefined();
    expect(itemKindOf(7)).toBeUndefined();
    const items: KubeObject[] = [{ metadata: { name: 'x' } }];
    fillItemTypes(items, 'v1', 'List');
    fillItemTypes(items, undefined, 'PodList');
    expect(items).toEqual([{ metadata: { name: 'x' } }]);
  });

  it('are there before a schema or transform sees the item', async () => {
    const seen: unknown[] = [];
    const schema: ObjectSchema<KubeObject> = {
      safeParse: (data) => {
        seen.push(typeMeta(data as KubeObject));
        return { success: true, data: data as KubeObject };
      },
    };
    await lastValueFrom(list$(client, pods, { schema, transform: (pod) => pod }));
    expect(seen).toEqual([1, 2, 3].map(() => ({ apiVersion: 'v1', kind: 'Pod' })));
  });

  it('are on every object of a collection, listed or watched, and on a get$', async () => {
    const states = cachedCollection$(client, pods);
    const first = await firstValueFrom(states);
    expect([...first.items.values()].map(typeMeta)).toEqual(
      [1, 2, 3].map(() => ({ apiVersion: 'v1', kind: 'Pod' })),
    );
    const next = firstValueFrom(states.pipe(filter((s) => s.items.has('shop/d'))));
    server.create(pods, { metadata: { name: 'd', namespace: 'shop' }, spec: { containers: [] } });
    expect([...(await next).items.values()].map(typeMeta)).toEqual(
      [1, 2, 3, 4].map(() => ({ apiVersion: 'v1', kind: 'Pod' })),
    );
    expect(typeMeta(await firstValueFrom(get$(client, pods, 'a')))).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
    });
  });

  it('name the involved object of an Event recorded on a listed object (pod/a, not /a)', async () => {
    const { items } = await lastValueFrom(list$(client, pods));
    const recorder = eventRecorder(client, { component: 'my-ctl' });
    const listed = items.find((pod) => pod.metadata?.name === 'a');
    await firstValueFrom(
      recorder.record(listed!, { type: 'Normal', reason: 'Seen', message: 'listed' }),
    );
    const [event] = server.objects<KubeObject & { involvedObject?: object }>({
      version: 'v1',
      resource: 'events',
    });
    expect(event?.involvedObject).toMatchObject({ apiVersion: 'v1', kind: 'Pod', name: 'a' });
  });

  it("let the event recorder take an object's apiVersion and kind from its ref when it lacks them", async () => {
    server.registerResource({ ...widgets, kind: 'Widget', namespaced: true });
    const recorder = eventRecorder(client, { component: 'my-ctl' });
    const handMade: KubeObject = { metadata: { name: 'w', namespace: 'shop', uid: 'u-w' } };
    await firstValueFrom(
      recorder.record(
        handMade,
        { type: 'Normal', reason: 'Made', message: 'by hand' },
        {
          ...widgets,
          kind: 'Widget',
        },
      ),
    );
    const [event] = server.objects<KubeObject & { involvedObject?: object }>({
      version: 'v1',
      resource: 'events',
    });
    expect(event?.involvedObject).toMatchObject({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      name: 'w',
    });
  });
});
