import { FakeApiServer } from '@rxkube/testing';
import type { ConfigMap, Pod } from 'kubernetes-types/core/v1.js';
import { firstValueFrom, lastValueFrom, type Observable, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlreadyExistsError, NotFoundError, UnauthorizedError } from '../../src/errors/index.js';
import {
  apply$,
  ConflictError,
  create$,
  createFetchClient,
  delete$,
  get$,
  HttpStatusError,
  InvalidError,
  type KubeClient,
  patch$,
  replace$,
  updateWith$,
} from '../../src/index.js';

const podsRef = { version: 'v1', resource: 'pods' } as const;
const pods = { ...podsRef, namespace: 'default' } as const;
const configMaps = { version: 'v1', resource: 'configmaps', namespace: 'default' } as const;
const widgetsRef = { group: 'example.com', version: 'v1', resource: 'widgets' } as const;
const widgets = { ...widgetsRef, namespace: 'default' } as const;

const failure = (source: Observable<unknown>) =>
  lastValueFrom(source).then(
    () => {
      throw new Error('expected an error');
    },
    (error: unknown) => error,
  );

const pod = (name: string, extra: Partial<Pod> = {}): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'app', image: 'nginx' }] },
  ...extra,
});

let server: FakeApiServer;
let client: KubeClient;
beforeEach(async () => {
  server = await FakeApiServer.start();
  client = createFetchClient({ baseUrl: server.url });
});
afterEach(async () => {
  await server.close();
});

const lastRequest = () => {
  const { method, path, query, kind, status } = server.requests.at(-1)!;
  return { method, path, query, kind, status };
};

describe('get$ against FakeApiServer', () => {
  it('reads the stored object once and completes', async () => {
    const stored = server.create(podsRef, pod('web-0'));
    const emitted = await lastValueFrom(get$<Pod>(client, pods, 'web-0').pipe(toArray()));
    expect(emitted).toEqual([stored]);
    expect(lastRequest()).toEqual({
      method: 'GET',
      path: '/api/v1/namespaces/default/pods/web-0',
      query: {},
      kind: 'get',
      status: 200,
    });
  });

  it('errors with NotFoundError for a missing object', async () => {
    const error = await failure(get$<Pod>(client, pods, 'nope'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ reason: 'NotFound', code: 404 });
  });

  it('errors with UnauthorizedError when the token is wrong', async () => {
    server.setTokens([{ token: 'right', user: 'u' }]);
    const wrong = createFetchClient({
      baseUrl: server.url,
      headers: { authorization: 'Bearer wrong' },
    });
    expect(await failure(get$(wrong, pods, 'x'))).toBeInstanceOf(UnauthorizedError);
    expect(lastRequest().status).toBe(401);
  });
});

describe('create$ against FakeApiServer', () => {
  it('creates the object and emits it as stored', async () => {
    const created = await firstValueFrom(
      create$<Pod>(client, pods, pod('web-0'), { fieldManager: 'my-ctl' }),
    );
    expect(created.metadata?.uid).toBeDefined();
    expect(server.get<Pod>(podsRef, { namespace: 'default', name: 'web-0' })).toEqual(created);
    expect(created.metadata?.managedFields).toMatchObject([
      { manager: 'my-ctl', operation: 'Update' },
    ]);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      kind: 'create',
      status: 201,
      query: { fieldManager: 'my-ctl' },
    });
  });

  it('errors with AlreadyExistsError for a taken name', async () => {
    server.create(podsRef, pod('web-0'));
    const error = await failure(create$<Pod>(client, pods, pod('web-0')));
    expect(error).toBeInstanceOf(AlreadyExistsError);
    expect(error).toMatchObject({ reason: 'AlreadyExists', code: 409 });
  });

  it('stores nothing with dryRun', async () => {
    const answer = await firstValueFrom(create$<Pod>(client, pods, pod('web-0'), { dryRun: true }));
    expect(answer.metadata?.name).toBe('web-0');
    expect(server.get(podsRef, { namespace: 'default', name: 'web-0' })).toBeUndefined();
    expect(lastRequest().query).toEqual({ dryRun: 'All' });
  });
});

describe('replace$ against FakeApiServer', () => {
  it('writes when the resourceVersion is current, and answers with a new one', async () => {
    const stored = server.create(podsRef, pod('web-0'));
    const changed = { ...stored, metadata: { ...stored.metadata, labels: { a: 'b' } } };
    const replaced = await firstValueFrom(replace$<Pod>(client, pods, changed));
    expect(replaced.metadata?.labels).toEqual({ a: 'b' });
    expect(replaced.metadata?.resourceVersion).not.toBe(stored.metadata?.resourceVersion);
    expect(lastRequest()).toMatchObject({ method: 'PUT', kind: 'update', status: 200 });
  });

  it('errors with ConflictError for a stale resourceVersion and writes nothing', async () => {
    const stale = server.create(podsRef, pod('web-0'));
    server.patch(
      podsRef,
      { namespace: 'default', name: 'web-0' },
      { metadata: { labels: { by: 'other' } } },
    );
    const changed = { ...stale, metadata: { ...stale.metadata, labels: { by: 'me' } } };
    const error = (await failure(replace$<Pod>(client, pods, changed))) as ConflictError;
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.reason).toBe('Conflict');
    expect(error.conflicts).toEqual([]);
    expect(
      server.get<Pod>(podsRef, { namespace: 'default', name: 'web-0' })?.metadata?.labels,
    ).toEqual({
      by: 'other',
    });
  });

  it('writes only .status through the status subresource', async () => {
    const stored = server.create(podsRef, pod('web-0'));
    // kube-apiserver 1.20 keeps a Pod's spec (and owner references) on a status write.
    const changed: Pod = {
      ...stored,
      spec: { containers: [{ name: 'app', image: 'ignored' }] },
      status: { phase: 'Running' },
    };
    const replaced = await firstValueFrom(
      replace$<Pod>(client, pods, changed, { subresource: 'status' }),
    );
    expect(replaced.status?.phase).toBe('Running');
    expect(replaced.spec?.containers[0]?.image).toBe('nginx');
    expect(lastRequest().path).toBe('/api/v1/namespaces/default/pods/web-0/status');
  });
});

describe('patch$ against FakeApiServer', () => {
  it('applies a merge patch', async () => {
    server.create(podsRef, pod('web-0'));
    const patched = await firstValueFrom(
      patch$<Pod>(client, pods, 'web-0', { metadata: { labels: { a: 'b' } } }, { type: 'merge' }),
    );
    expect(patched.metadata?.labels).toEqual({ a: 'b' });
    expect(lastRequest()).toMatchObject({ method: 'PATCH', kind: 'patch', status: 200 });
  });

  it('applies a JSON patch, and a failed test operation writes nothing', async () => {
    const stored = server.create(podsRef, pod('web-0'));
    const version = stored.metadata?.resourceVersion;
    const patched = await firstValueFrom(
      patch$<Pod>(
        client,
        pods,
        'web-0',
        [
          { op: 'test', path: '/metadata/resourceVersion', value: version },
          { op: 'add', path: '/metadata/labels', value: { a: 'b' } },
        ],
        { type: 'json' },
      ),
    );
    expect(patched.metadata?.labels).toEqual({ a: 'b' });
    const error = await failure(
      patch$<Pod>(
        client,
        pods,
        'web-0',
        [
          { op: 'test', path: '/metadata/resourceVersion', value: version },
          { op: 'remove', path: '/metadata/labels' },
        ],
        { type: 'json' },
      ),
    );
    expect(error).toBeInstanceOf(InvalidError);
    expect(
      server.get<Pod>(podsRef, { namespace: 'default', name: 'web-0' })?.metadata?.labels,
    ).toEqual({ a: 'b' });
  });

  it('merges containers by name with a strategic merge patch', async () => {
    server.create(
      podsRef,
      pod('web-0', {
        spec: {
          containers: [
            { name: 'app', image: 'nginx' },
            { name: 'side', image: 'busybox' },
          ],
        },
      }),
    );
    const patched = await firstValueFrom(
      patch$<Pod>(
        client,
        pods,
        'web-0',
        { spec: { containers: [{ name: 'side', image: 'alpine' }] } },
        { type: 'strategic' },
      ),
    );
    expect(patched.spec?.containers.map((c) => `${c.name}=${c.image}`)).toEqual([
      'app=nginx',
      'side=alpine',
    ]);
  });

  it('errors with HttpStatusError 415 for a strategic merge patch of a custom resource', async () => {
    server.registerResource({ ...widgetsRef, kind: 'Widget', namespaced: true });
    server.create(widgetsRef, { metadata: { name: 'w', namespace: 'default' }, spec: { size: 1 } });
    const error = await failure(
      patch$(client, widgets, 'w', { spec: { size: 2 } }, { type: 'strategic' }),
    );
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ reason: 'HttpStatus', code: 415 });
  });

  it('errors with NotFoundError for a missing object', async () => {
    expect(
      await failure(patch$(client, pods, 'nope', { metadata: { labels: { a: 'b' } } })),
    ).toBeInstanceOf(NotFoundError);
  });
});

describe('apply$ against FakeApiServer', () => {
  const desired = (value: string): ConfigMap => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'settings', namespace: 'default' },
    data: { mode: value },
  });

  it('creates the object, recording the manager as owner of its fields', async () => {
    const applied = await firstValueFrom(
      apply$<ConfigMap>(client, configMaps, desired('a'), { fieldManager: 'ctl-a' }),
    );
    expect(applied.data).toEqual({ mode: 'a' });
    expect(applied.metadata?.managedFields).toMatchObject([
      { manager: 'ctl-a', operation: 'Apply' },
    ]);
    expect(lastRequest()).toMatchObject({
      method: 'PATCH',
      kind: 'patch',
      status: 201,
      query: { fieldManager: 'ctl-a' },
    });
  });

  it('errors with ConflictError naming the field and its manager when another manager owns it', async () => {
    await firstValueFrom(
      apply$<ConfigMap>(client, configMaps, desired('a'), { fieldManager: 'ctl-a' }),
    );
    const error = (await failure(
      apply$<ConfigMap>(client, configMaps, desired('b'), { fieldManager: 'ctl-b', force: false }),
    )) as ConflictError;
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.reason).toBe('Conflict');
    expect(error.conflicts).toEqual([
      { field: '.data.mode', manager: 'ctl-a', message: expect.stringContaining('ctl-a') },
    ]);
    expect(
      server.get<ConfigMap>(
        { version: 'v1', resource: 'configmaps' },
        { namespace: 'default', name: 'settings' },
      )?.data,
    ).toEqual({ mode: 'a' });
  });

  it('takes the field over with force', async () => {
    await firstValueFrom(
      apply$<ConfigMap>(client, configMaps, desired('a'), { fieldManager: 'ctl-a' }),
    );
    const applied = await firstValueFrom(
      apply$<ConfigMap>(client, configMaps, desired('b'), { fieldManager: 'ctl-b', force: true }),
    );
    expect(applied.data).toEqual({ mode: 'b' });
    expect(lastRequest().query).toEqual({ fieldManager: 'ctl-b', force: 'true' });
  });

  it('removes a field the manager applied before and leaves out now', async () => {
    const both: ConfigMap = { ...desired('a'), data: { mode: 'a', extra: 'x' } };
    await firstValueFrom(apply$<ConfigMap>(client, configMaps, both, { fieldManager: 'ctl-a' }));
    const applied = await firstValueFrom(
      apply$<ConfigMap>(client, configMaps, desired('a'), { fieldManager: 'ctl-a' }),
    );
    expect(applied.data).toEqual({ mode: 'a' });
  });
});

describe('delete$ against FakeApiServer', () => {
  it('deletes the object', async () => {
    const stored = server.create(podsRef, pod('web-0'));
    await firstValueFrom(
      delete$(client, pods, 'web-0', { preconditions: { uid: stored.metadata?.uid } }),
    );
    expect(server.get(podsRef, { namespace: 'default', name: 'web-0' })).toBeUndefined();
    expect(lastRequest()).toMatchObject({ method: 'DELETE', kind: 'delete', status: 200 });
  });

  it('errors with ConflictError and deletes nothing when a precondition fails', async () => {
    server.create(podsRef, pod('web-0'));
    const error = await failure(
      delete$(client, pods, 'web-0', { preconditions: { uid: 'someone-else' } }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(server.get(podsRef, { namespace: 'default', name: 'web-0' })).toBeDefined();
  });

  it('keeps the object with dryRun', async () => {
    server.create(podsRef, pod('web-0'));
    await firstValueFrom(delete$(client, pods, 'web-0', { dryRun: true }));
    expect(server.get(podsRef, { namespace: 'default', name: 'web-0' })).toBeDefined();
  });

  it('answers with the object marked for deletion under Foreground propagation', async () => {
    server.create(podsRef, pod('web-0'));
    const answer = await firstValueFrom(
      delete$<Pod>(client, pods, 'web-0', { propagationPolicy: 'Foreground' }),
    );
    expect(answer.kind).toBe('Pod');
    expect((answer as Pod).metadata?.finalizers).toContain('foregroundDeletion');
    expect((answer as Pod).metadata?.deletionTimestamp).toBeDefined();
  });

  it('errors with NotFoundError for a missing object', async () => {
    expect(await failure(delete$(client, pods, 'nope'))).toBeInstanceOf(NotFoundError);
  });
});

describe('updateWith$ against FakeApiServer', () => {
  it('reads, mutates and writes with the version it read', async () => {
    server.create(podsRef, pod('web-0'));
    const updated = await firstValueFrom(
      updateWith$<Pod>(client, pods, 'web-0', (current) => ({
        ...current,
        metadata: { ...current.metadata, labels: { seen: 'yes' } },
      })),
    );
    expect(updated.metadata?.labels).toEqual({ seen: 'yes' });
    expect(server.requests.map((r) => r.kind)).toEqual(['get', 'update']);
  });

  it('reads again and retries after a conflict', async () => {
    server.create(podsRef, pod('web-0'));
    let calls = 0;
    const updated = await firstValueFrom(
      updateWith$<Pod>(client, pods, 'web-0', (current) => {
        calls++;
        if (calls === 1) {
          // Someone else writes between this read and the PUT.
          server.patch(
            podsRef,
            { namespace: 'default', name: 'web-0' },
            { metadata: { labels: { other: 'x' } } },
          );
        }
        return {
          ...current,
          metadata: { ...current.metadata, annotations: { mine: String(calls) } },
        };
      }),
    );
    expect(calls).toBe(2);
    expect(updated.metadata?.labels).toEqual({ other: 'x' });
    expect(updated.metadata?.annotations).toEqual({ mine: '2' });
    expect(server.requests.map((r) => `${r.kind} ${r.status}`)).toEqual([
      'get 200',
      'update 409',
      'get 200',
      'update 200',
    ]);
  });

  it('passes other errors on without retrying', async () => {
    expect(await failure(updateWith$(client, pods, 'nope', (current) => current))).toBeInstanceOf(
      NotFoundError,
    );
    expect(server.requests.map((r) => r.kind)).toEqual(['get']);
  });

  it('loses no update: ten concurrent writers incrementing one annotation a hundred times end at 100', {
    timeout: 120_000,
  }, async () => {
    server.create(
      { version: 'v1', resource: 'configmaps' },
      { metadata: { name: 'counter', namespace: 'default' } },
    );
    const increment = () =>
      firstValueFrom(
        updateWith$<ConfigMap>(client, configMaps, 'counter', (current) => ({
          ...current,
          metadata: {
            ...current.metadata,
            annotations: { count: String(Number(current.metadata?.annotations?.count ?? '0') + 1) },
          },
        })),
      );
    const writer = async () => {
      for (let i = 0; i < 10; i++) await increment();
    };
    await Promise.all(Array.from({ length: 10 }, writer));
    const final = server.get<ConfigMap>(
      { version: 'v1', resource: 'configmaps' },
      { namespace: 'default', name: 'counter' },
    );
    expect(final?.metadata?.annotations?.count).toBe('100');
    const updates = server.requests.filter((r) => r.kind === 'update');
    expect(updates.filter((r) => r.status === 200)).toHaveLength(100);
    console.log(
      `no-lost-update (FakeApiServer): count 100, ${updates.length} PUTs, ${updates.filter((r) => r.status === 409).length} conflicts retried`,
    );
  });
});
