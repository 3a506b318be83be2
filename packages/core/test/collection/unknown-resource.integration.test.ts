/**
 * A misspelled resource is visible at once: `cachedCollection$` asks discovery about the first
 * 404 and, when the group version is served without such a resource, fails with
 * `UnknownResourceError` naming it and the closest served one, instead of retrying forever.
 * Waiting for a resource that comes later stays possible: a group version not served at all is
 * waited for, and `waitForResource: true` waits for any.
 */
import { FakeApiServer, type RequestRecord } from '@rxkube/testing';
import { firstValueFrom, lastValueFrom, NEVER, of, throwError, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedCollection$ } from '../../src/collection/cached-collection.js';
import type { CachedCollectionOptions } from '../../src/collection/cached-collection-options.js';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import type { CollectionSources } from '../../src/collection/internal/collection-sources.js';
import { failUnknownResource } from '../../src/collection/internal/fail-unknown-resource.js';
import { closestResource } from '../../src/discovery/internal/closest-resource.js';
import { NotFoundError } from '../../src/errors/not-found-error.js';
import { UnknownResourceError } from '../../src/errors/unknown-resource-error.js';
import { editDistance } from '../../src/internal/edit-distance.js';
import type { KubeClient } from '../../src/kube-client.js';
import type { ResourceRef } from '../../src/resource-ref.js';
import { asResourceVersion } from '../../src/resource-version.js';
import { collectionClient } from '../support/collection-client.js';
import { StateRecorder } from './state-recorder.js';

const fast: CachedCollectionOptions = {
  backoff: { initialMs: 5, maxMs: 40 },
  idleTimeoutMs: 5_000,
};

let server: FakeApiServer;
let recorder: StateRecorder | undefined;
afterEach(async () => {
  recorder?.stop();
  recorder = undefined;
  await server?.close();
});

function start(ref: ResourceRef, options: CachedCollectionOptions = {}): StateRecorder {
  recorder = new StateRecorder(
    collectionUpdates$(collectionClient(server.url), ref, { ...fast, ...options }),
  );
  return recorder;
}

const seen = (r: RequestRecord) => `${r.method} ${r.path} ${r.status}`;
/** Discovery requests of the group version `example.com/v1`. */
const discoveryOfExample = () =>
  server.requests.filter((r) => r.path === '/apis/example.com/v1').map(seen);
const statuses = (r: StateRecorder) => r.updates.map((u) => u.health.status);

describe('a resource its group version does not serve', () => {
  it('fails the collection at once with UnknownResourceError: podz → did you mean "pods"?', async () => {
    server = await FakeApiServer.start();
    const error = await lastValueFrom(
      cachedCollection$(collectionClient(server.url), { version: 'v1', resource: 'podz' }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownResourceError);
    expect((error as Error).message).toBe(
      'the server has no resource "podz" in v1: did you mean "pods"?',
    );
    expect(error).toMatchObject({
      reason: 'UnknownResource',
      resource: 'podz',
      groupVersion: 'v1',
      suggestion: 'pods',
      retryable: false,
    });
    expect((error as Error).cause).toBeInstanceOf(NotFoundError);
    // One LIST and one discovery request: no retry, no backoff wait before the error.
    expect(server.requests.map(seen)).toEqual(['GET /api/v1/podz 404', 'GET /api/v1 200']);
  });

  it('shows only the failure in health: never reconnecting', async () => {
    server = await FakeApiServer.start();
    const r = start({ version: 'v1', resource: 'podz', namespace: 'shop' });
    await r.until(() => r.error !== undefined).catch(() => undefined);
    expect(r.error).toBeInstanceOf(UnknownResourceError);
    expect(statuses(r)).toEqual(['listing', 'failed']);
  });

  it('suggests by the other names of a resource and in named groups', async () => {
    server = await FakeApiServer.start();
    const failure = async (ref: ResourceRef): Promise<UnknownResourceError> => {
      const error = await lastValueFrom(cachedCollection$(collectionClient(server.url), ref)).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!(error instanceof UnknownResourceError)) throw new Error(`not failed: ${error}`);
      return error;
    };
    const apps = { group: 'apps', version: 'v1' };
    expect((await failure({ ...apps, resource: 'deploymnets' })).message).toBe(
      'the server has no resource "deploymnets" in apps/v1: did you mean "deployments"?',
    );
    expect((await failure({ ...apps, resource: 'deployment' })).suggestion).toBe('deployments');
    expect((await failure({ version: 'v1', resource: 'po' })).suggestion).toBe('pods');
    expect((await failure({ version: 'v1', resource: 'ConfigMap' })).suggestion).toBe('configmaps');
    const far = await failure({ version: 'v1', resource: 'gizmos' });
    expect(far.message).toBe('the server has no resource "gizmos" in v1');
    expect(far.suggestion).toBeUndefined();
  });

  it('fails the same way when the first request is a streaming list (a WATCH)', async () => {
    server = await FakeApiServer.start();
    const error = await lastValueFrom(
      cachedCollection$(
        collectionClient(server.url),
        { version: 'v1', resource: 'podz' },
        { initialList: 'stream' },
      ),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'UnknownResource', suggestion: 'pods' });
  });

  it('with waitForResource, waits for it: retried and shown in health, then synced once served', async () => {
    server = await FakeApiServer.start();
    const example = { group: 'example.com', version: 'v1' };
    server.registerResource({ ...example, resource: 'widgets', kind: 'Widget', namespaced: true });
    const gadgets = { ...example, resource: 'gadgets', namespace: 'shop' };
    const r = start(gadgets, { waitForResource: true });
    await r.until(() => statuses(r).filter((s) => s === 'reconnecting').length >= 2);
    const reconnecting = r.updates.find((u) => u.health.status === 'reconnecting');
    expect(
      reconnecting?.health.status === 'reconnecting' && reconnecting.health.error,
    ).toBeInstanceOf(NotFoundError);
    expect(discoveryOfExample()).toEqual([]);
    server.registerResource({ ...example, resource: 'gadgets', kind: 'Gadget', namespaced: true });
    server.create(gadgets, { metadata: { name: 'g', namespace: 'shop' } });
    await r.until(() => r.synced.length > 0);
    expect([...r.latest.items.keys()]).toEqual(['shop/g']);
  });

  it('without waitForResource, the same resource in a served group fails at once', async () => {
    server = await FakeApiServer.start();
    const example = { group: 'example.com', version: 'v1' };
    server.registerResource({ ...example, resource: 'widgets', kind: 'Widget', namespaced: true });
    const r = start({ ...example, resource: 'gadgets', namespace: 'shop' });
    await r.until(() => r.error !== undefined).catch(() => undefined);
    expect(r.error).toMatchObject({ reason: 'UnknownResource', groupVersion: 'example.com/v1' });
  });
});

describe('a resource whose group version is not served at all (its CRD not installed yet)', () => {
  it('is waited for, as before: discovery is asked once, then the 404 is retried until served', async () => {
    server = await FakeApiServer.start();
    const widgets = { group: 'example.com', version: 'v1', resource: 'widgets', namespace: 'shop' };
    const r = start(widgets);
    await r.until(() => statuses(r).filter((s) => s === 'reconnecting').length >= 3);
    expect(discoveryOfExample()).toEqual(['GET /apis/example.com/v1 404']);
    server.registerResource({ ...widgets, kind: 'Widget', namespaced: true });
    server.create(widgets, { metadata: { name: 'w', namespace: 'shop' } });
    await r.until(() => r.synced.length > 0);
    expect(r.error).toBeUndefined();
    expect(discoveryOfExample()).toEqual(['GET /apis/example.com/v1 404']);
  });
});

describe('failUnknownResource', () => {
  const client = {} as KubeClient;
  const podz = { version: 'v1', resource: 'podz' };
  const notFound = () => new NotFoundError('the server could not find the requested resource');
  const listed = { items: [], resourceVersion: asResourceVersion('1') };

  it('looks into no 404 once the resource has delivered a list', async () => {
    let calls = 0;
    const sources: CollectionSources = {
      list: () => (calls++ === 0 ? of(listed) : throwError(notFound)),
      watch: () => NEVER,
    };
    const guarded = failUnknownResource(sources, client, podz);
    expect(await lastValueFrom(guarded.list(client, podz))).toEqual(listed);
    // A later 404 (the resource was removed) stays a plain, retried NotFound: no discovery asked
    // (this client would throw if it were used).
    const error = await firstValueFrom(guarded.list(client, podz)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('keeps the 404 when discovery cannot answer, and asks again at the next one', async () => {
    server = await FakeApiServer.start();
    let discoveryFails = true;
    const real = collectionClient(server.url);
    const flaky: KubeClient = {
      transport: {
        request: (request) =>
          discoveryFails && request.path === '/api/v1'
            ? Promise.reject(new Error('connection reset'))
            : real.transport.request(request),
      },
    };
    const guarded = failUnknownResource(
      { list: () => throwError(notFound), watch: () => NEVER },
      flaky,
      podz,
    );
    const first = await lastValueFrom(guarded.list(flaky, podz)).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(NotFoundError);
    discoveryFails = false;
    const second = await lastValueFrom(guarded.list(flaky, podz)).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(UnknownResourceError);
  });

  it('passes every other error through untouched', async () => {
    const gone = new Error('boom');
    const guarded = failUnknownResource(
      { list: () => throwError(() => gone), watch: () => NEVER },
      client,
      podz,
    );
    expect(await lastValueFrom(guarded.list(client, podz).pipe(toArray())).catch((e) => e)).toBe(
      gone,
    );
  });
});

describe('closestResource', () => {
  const served = ['pods', 'nodes', 'configmaps', 'services', 'secrets'].map((name) => ({
    group: '',
    version: 'v1',
    name,
    singularName: name.slice(0, -1),
    kind: name.charAt(0).toUpperCase() + name.slice(1, -1),
    namespaced: true,
    shortNames: name === 'pods' ? ['po'] : [],
    verbs: ['list'],
    preferred: true,
  }));

  it.each([
    ['podz', 'pods'],
    ['pod', 'pods'],
    ['po', 'pods'],
    ['Pods', 'pods'],
    ['configmap', 'configmaps'],
    ['confgimaps', 'configmaps'],
    ['secret', 'secrets'],
    ['servcies', 'services'],
  ])('suggests %s → %s', (name, expected) => {
    expect(closestResource(served, name)).toBe(expected);
  });

  it.each(['gizmos', 'x', 'deployments'])('suggests nothing for %s', (name) => {
    expect(closestResource(served, name)).toBeUndefined();
  });

  it('measures edits of one character each', () => {
    expect(editDistance('podz', 'pods')).toBe(1);
    expect(editDistance('pods', 'nodes')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
