import { FakeApiServer } from '@rxkube/testing';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReconcileContext } from '../../src/controller/index.js';
import {
  createFetchClient,
  delete$,
  finalizer,
  type KubeClient,
  type KubeObject,
} from '../../src/index.js';

const CONFIGMAPS = { version: 'v1', resource: 'configmaps' } as const;
const NAME = 'example.com/cleanup';

let server: FakeApiServer;
let client: KubeClient;
beforeEach(async () => {
  server = await FakeApiServer.start();
  client = createFetchClient({ baseUrl: server.url });
});
afterEach(async () => {
  await server.close();
});

const context = (): ReconcileContext => ({ signal: new AbortController().signal, attempt: 1 });
const stored = (name: string) => server.get<KubeObject>(CONFIGMAPS, { namespace: 'ns', name });
const create = (name: string, finalizers?: string[]) =>
  server.create(CONFIGMAPS, {
    metadata: { namespace: 'ns', name, ...(finalizers === undefined ? {} : { finalizers }) },
  }) as KubeObject;

function recording() {
  const calls: string[] = [];
  const reconcile = finalizer<KubeObject>(client, CONFIGMAPS, {
    name: NAME,
    apply: (object) => {
      calls.push(`apply ${object.metadata?.name} ${JSON.stringify(object.metadata?.finalizers)}`);
      return { requeueAfterMs: 1_000 };
    },
    cleanup: (object) => {
      calls.push(`cleanup ${object.metadata?.name}`);
    },
  });
  return { calls, reconcile };
}

describe('finalizer', () => {
  it('adds the finalizer before the first apply, which sees it, and answers what apply answers', async () => {
    const object = create('a');
    const { calls, reconcile } = recording();
    expect(await reconcile('ns/a', object, context())).toEqual({ requeueAfterMs: 1_000 });
    expect(stored('a')?.metadata?.finalizers).toEqual([NAME]);
    expect(calls).toEqual([`apply a ["${NAME}"]`]);
    // Next time it is there: no write, apply only.
    const patches = server.count('patch');
    await reconcile('ns/a', stored('a'), context());
    expect(server.count('patch')).toBe(patches);
  });

  it("appends to another controller's finalizers", async () => {
    const object = create('a', ['other.io/keep']);
    const { reconcile } = recording();
    await reconcile('ns/a', object, context());
    expect(stored('a')?.metadata?.finalizers).toEqual(['other.io/keep', NAME]);
  });

  it('on deletion runs the cleanup, then removes the finalizer, and the server deletes the object', async () => {
    create('a');
    const { calls, reconcile } = recording();
    await reconcile('ns/a', stored('a'), context());
    await firstValueFrom(delete$(client, { ...CONFIGMAPS, namespace: 'ns' }, 'a'));
    const deleting = stored('a');
    expect(deleting?.metadata?.deletionTimestamp).toBeDefined(); // held by the finalizer
    expect(await reconcile('ns/a', deleting, context())).toBeUndefined();
    expect(calls).toEqual([`apply a ["${NAME}"]`, 'cleanup a']);
    expect(stored('a')).toBeUndefined();
  });

  it('keeps the finalizer (and the object) when the cleanup fails', async () => {
    create('a', [NAME]);
    await firstValueFrom(delete$(client, { ...CONFIGMAPS, namespace: 'ns' }, 'a'));
    const reconcile = finalizer<KubeObject>(client, CONFIGMAPS, {
      name: NAME,
      apply: () => undefined,
      cleanup: () => Promise.reject(new Error('the DNS provider is down')),
    });
    await expect(reconcile('ns/a', stored('a'), context())).rejects.toThrow(
      'the DNS provider is down',
    );
    expect(stored('a')?.metadata?.finalizers).toEqual([NAME]);
  });

  it('retries a patch whose object changed meanwhile, reading it again, and cleans up once', async () => {
    create('a', ['other.io/keep', NAME]);
    await firstValueFrom(delete$(client, { ...CONFIGMAPS, namespace: 'ns' }, 'a'));
    const stale = stored('a');
    // Another controller removes its own finalizer first: the cached object is stale, and the
    // index of ours has moved.
    server.patch(CONFIGMAPS, { namespace: 'ns', name: 'a' }, { metadata: { finalizers: [NAME] } });
    const { calls, reconcile } = recording();
    await reconcile('ns/a', stale, context());
    expect(calls).toEqual(['cleanup a']);
    expect(stored('a')).toBeUndefined();
    // The first patch was refused (its test of the version failed), then one went through.
    expect(server.count('patch', (r) => r.status === 422)).toBe(1);
  });

  it('adds nothing to a stale object that is being deleted by now, and leaves others alone', async () => {
    const stale = create('a', ['other.io/keep']);
    await firstValueFrom(delete$(client, { ...CONFIGMAPS, namespace: 'ns' }, 'a'));
    const { calls, reconcile } = recording();
    await reconcile('ns/a', stale, context());
    expect(calls).toEqual([]);
    expect(stored('a')?.metadata?.finalizers).toEqual(['other.io/keep']);
    // Deleted without ours: nothing to clean up.
    await reconcile('ns/a', stored('a'), context());
    expect(calls).toEqual([]);
    // Gone: nothing.
    expect(await reconcile('ns/a', undefined, context())).toBeUndefined();
  });
});
