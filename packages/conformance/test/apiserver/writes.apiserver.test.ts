import {
  apply$,
  ConflictError,
  cachedCollection$,
  create$,
  delete$,
  get$,
  InvalidError,
  type KubeObject,
  list$,
  type PartialObjectMetadata,
  patch$,
  replace$,
  updateWith$,
} from '@rxkube/core';
import { AlreadyExistsError, NotFoundError } from '@rxkube/core/errors';
import { firstValueFrom, lastValueFrom, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { countingTransport } from '../../src/counting-transport.js';
import {
  type ConfigMap,
  cluster,
  configMap,
  configMaps,
  freshNamespace,
  kubeconfigClient,
} from './cluster.js';

const failure = (source: Observable<unknown>) =>
  lastValueFrom(source).then(
    () => {
      throw new Error('expected an error');
    },
    (error: unknown) => error,
  );

interface Deployment extends KubeObject {
  readonly spec?: {
    readonly replicas?: number;
    readonly selector: { readonly matchLabels: Readonly<Record<string, string>> };
    readonly template: {
      readonly metadata: { readonly labels: Readonly<Record<string, string>> };
      readonly spec: { readonly containers: readonly { name: string; image: string }[] };
    };
  };
}

describe('writes against kube-apiserver', () => {
  const c = cluster();

  it('loses no update: ten concurrent updateWith$ incrementing one annotation a hundred times end at 100', async () => {
    const base = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(base, 'no-lost-update');
    const ref = configMaps(namespace);
    const transport = countingTransport(base.transport);
    const client = { transport };
    await firstValueFrom(create$(client, ref, configMap('counter')));
    const increment = () =>
      firstValueFrom(
        updateWith$<ConfigMap>(client, ref, 'counter', (current) => ({
          ...current,
          metadata: {
            ...current.metadata,
            annotations: {
              count: String(Number(current.metadata?.annotations?.count ?? '0') + 1),
            },
          },
        })),
      );
    const writer = async () => {
      for (let i = 0; i < 10; i++) await increment();
    };
    await Promise.all(Array.from({ length: 10 }, writer));
    const final = await firstValueFrom(get$<ConfigMap>(client, ref, 'counter'));
    expect(final.metadata?.annotations?.count).toBe('100');
    const puts = transport.requests.filter((r) => r.method === 'PUT');
    expect(puts.filter((r) => r.status === 200)).toHaveLength(100);
    const conflicts = puts.filter((r) => r.status === 409).length;
    console.log(
      `no-lost-update (kube-apiserver 1.20): count 100, ${puts.length} PUTs, ${conflicts} conflicts retried`,
    );
  });

  it('answers each failure with its typed error: NotFound, AlreadyExists, Conflict, Invalid', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'reasons');
    const ref = configMaps(namespace);
    expect(await failure(get$(client, ref, 'nope'))).toBeInstanceOf(NotFoundError);
    const created = await firstValueFrom(create$<ConfigMap>(client, ref, configMap('a')));
    expect(await failure(create$(client, ref, configMap('a')))).toBeInstanceOf(AlreadyExistsError);
    await firstValueFrom(patch$(client, ref, 'a', { data: { by: 'other' } }));
    const stale = (await failure(
      replace$<ConfigMap>(client, ref, { ...created, data: { by: 'me' } }),
    )) as ConflictError;
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale.conflicts).toEqual([]);
    const invalid = (await failure(create$(client, ref, configMap('Not_A_Name')))) as InvalidError;
    expect(invalid).toBeInstanceOf(InvalidError);
    expect(invalid.causes.map((cause) => cause.field)).toContain('metadata.name');

    expect(
      await failure(delete$(client, ref, 'a', { preconditions: { uid: 'other' } })),
    ).toBeInstanceOf(ConflictError);
  });

  it('server-side apply: a conflict names the field and its manager; force takes it over', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'apply');
    const ref = configMaps(namespace);
    const desired = (mode: string): ConfigMap => ({
      ...configMap('settings', { mode }),
      metadata: { name: 'settings', namespace },
    });
    const applied = await firstValueFrom(
      apply$<ConfigMap>(client, ref, desired('a'), { fieldManager: 'ctl-a' }),
    );
    expect(applied.metadata?.managedFields).toMatchObject([
      { manager: 'ctl-a', operation: 'Apply' },
    ]);
    const error = (await failure(
      apply$<ConfigMap>(client, ref, desired('b'), { fieldManager: 'ctl-b' }),
    )) as ConflictError;
    expect(error.reason).toBe('Conflict');
    expect(error.conflicts).toEqual([
      { field: '.data.mode', manager: 'ctl-a', message: expect.stringContaining('"ctl-a"') },
    ]);
    const forced = await firstValueFrom(
      apply$<ConfigMap>(client, ref, desired('b'), { fieldManager: 'ctl-b', force: true }),
    );
    expect(forced.data).toEqual({ mode: 'b' });
  });

  it('server-side apply with metadata.uid never creates anew: 409 for a missing object, 422 for another incarnation', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'apply-uid');
    const ref = configMaps(namespace);
    const created = await firstValueFrom(create$<ConfigMap>(client, ref, configMap('a')));
    const uid = created.metadata?.uid;
    await firstValueFrom(delete$(client, ref, 'a'));
    const desired: ConfigMap = {
      ...configMap('a'),
      metadata: { name: 'a', namespace, uid, annotations: { x: 'y' } },
    };
    expect(await failure(apply$(client, ref, desired, { fieldManager: 'ctl' }))).toBeInstanceOf(
      ConflictError,
    );
    await expect(firstValueFrom(get$(client, ref, 'a'))).rejects.toBeInstanceOf(NotFoundError);
    await firstValueFrom(create$<ConfigMap>(client, ref, configMap('a')));
    expect(await failure(apply$(client, ref, desired, { fieldManager: 'ctl' }))).toBeInstanceOf(
      InvalidError,
    );
  });

  it('server-side apply leaving out a field it set removes just that field, as the node-controller example clears its annotation', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'apply-clear');
    const ref = configMaps(namespace);
    const created = await firstValueFrom(
      create$<ConfigMap>(client, ref, {
        ...configMap('a'),
        metadata: { name: 'a', annotations: { team: 'shop' } },
      }),
    );
    const uid = created.metadata?.uid;
    const annotate = (annotations?: Record<string, string>): ConfigMap => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'a', namespace, uid, ...(annotations ? { annotations } : {}) },
    });
    const set = await firstValueFrom(
      apply$(client, ref, annotate({ 'example.rxkube.dev/crash-loop': 'app' }), {
        fieldManager: 'crash-loop',
      }),
    );
    expect(set.metadata?.annotations).toEqual({
      team: 'shop',
      'example.rxkube.dev/crash-loop': 'app',
    });
    const cleared = await firstValueFrom(
      apply$(client, ref, annotate(), { fieldManager: 'crash-loop' }),
    );
    expect(cleared.metadata?.annotations).toEqual({ team: 'shop' });
  });

  it('strategic merge patch merges containers by name; dryRun writes nothing', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'strategic');
    const ref = { group: 'apps', version: 'v1', resource: 'deployments', namespace };
    const labels = { app: 'web' };
    const deployment: Deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {
        replicas: 1,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: {
            containers: [
              { name: 'app', image: 'nginx' },
              { name: 'side', image: 'busybox' },
            ],
          },
        },
      },
    };
    await firstValueFrom(create$(client, ref, deployment));
    const patched = await firstValueFrom(
      patch$<Deployment>(
        client,
        ref,
        'web',
        { spec: { template: { spec: { containers: [{ name: 'side', image: 'alpine' }] } } } },
        { type: 'strategic' },
      ),
    );
    expect(patched.spec?.template.spec.containers.map((x) => `${x.name}=${x.image}`)).toEqual([
      'app=nginx',
      'side=alpine',
    ]);
    await firstValueFrom(patch$(client, ref, 'web', { spec: { replicas: 5 } }, { dryRun: true }));
    expect((await firstValueFrom(get$<Deployment>(client, ref, 'web'))).spec?.replicas).toBe(1);
  });

  it('metadata-only reads get PartialObjectMetadata from list$, get$ and cachedCollection$', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'metadata-only');
    const ref = configMaps(namespace);
    await firstValueFrom(create$(client, ref, configMap('a', { big: 'x'.repeat(1000) })));
    const listed = await firstValueFrom(
      list$<PartialObjectMetadata>(client, ref, { metadataOnly: true }),
    );
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({
      apiVersion: 'meta.k8s.io/v1',
      kind: 'PartialObjectMetadata',
      metadata: { name: 'a' },
    });
    expect(listed.items[0]).not.toHaveProperty('data');
    const one = await firstValueFrom(get$(client, ref, 'a', { metadataOnly: true }));
    expect(one).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { name: 'a' } });
    expect(one).not.toHaveProperty('data');
    const state = await firstValueFrom(cachedCollection$(client, ref, { metadataOnly: true }));
    expect(state.items.get(`${namespace}/a`)).toMatchObject({ kind: 'PartialObjectMetadata' });
  });
});
