import { readFile } from 'node:fs/promises';
import {
  cachedCollection$,
  discoverResources,
  get$,
  inNamespace,
  list$,
  resolveResource,
  UnknownResourceError,
} from '@rxkube/core';
import type { ApiResource } from '@rxkube/core/discovery';
import * as kinds from '@rxkube/core/kinds';
import { lastValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { countingTransport } from '../../src/counting-transport.js';
import { objectWriter } from '../../src/object-writer.js';
import { rawExchange } from '../../src/raw-exchange.js';
import { cluster, configMap, freshNamespace, kubeconfigClient } from './cluster.js';

/**
 * What a newcomer meets first, against kube-apiserver 1.20: a misspelled resource is refused at
 * once, every object read carries its apiVersion and kind (list items too, which the server sends
 * without them) and what `Served` promises, and `@rxkube/core/kinds` names what the server serves.
 */

const captured = JSON.parse(
  await readFile(
    new URL('../../../core/test/kinds/apiserver-1.20-resources.json', import.meta.url),
    'utf8',
  ),
) as ApiResource[];

describe('first contact with kube-apiserver', () => {
  const c = cluster();

  it('fails a collection of a misspelled resource at once with UnknownResourceError: podz → pods', async () => {
    const base = kubeconfigClient(c.env.kubeconfig);
    const transport = countingTransport(base.transport);
    const error = await lastValueFrom(
      cachedCollection$({ transport }, { version: 'v1', resource: 'podz', namespace: 'default' }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownResourceError);
    expect((error as Error).message).toBe(
      'the server has no resource "podz" in v1: did you mean "pods"?',
    );
    expect(transport.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /api/v1/namespaces/default/podz 404',
      'GET /api/v1 200',
    ]);
  });

  it('gives list items the apiVersion and kind the server leaves out, as watch events and GETs have them', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'kinds');
    const ref = inNamespace(kinds.configMaps, namespace);
    await objectWriter(client).create(ref, configMap('a', { k: 'v' }));
    const raw = await rawExchange(client.transport, {
      path: `/api/v1/namespaces/${namespace}/configmaps`,
    });
    const rawItems = (raw.body as { kind: string; items: Record<string, unknown>[] }).items;
    expect((raw.body as { kind: string }).kind).toBe('ConfigMapList');
    expect(rawItems.map((item) => [item.apiVersion, item.kind])).toEqual([[undefined, undefined]]);

    const { items } = await lastValueFrom(list$(client, ref));
    const [item] = items;
    expect(item).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap', data: { k: 'v' } });
    // What Served<ConfigMap, 'Namespaced'> promises, on the real server's objects.
    for (const object of [item, await lastValueFrom(get$(client, ref, 'a'))]) {
      expect(object?.metadata).toMatchObject({
        name: 'a',
        namespace,
        uid: expect.any(String),
        resourceVersion: expect.any(String),
      });
    }
  });

  it('serves exactly the built-in resources captured for @rxkube/core/kinds', async () => {
    const live = await discoverResources(kubeconfigClient(c.env.kubeconfig));
    const builtInGroups = new Set(captured.map((r) => r.group));
    // Other suites may have installed custom resources: only the built-in groups are compared.
    expect(live.filter((r) => builtInGroups.has(r.group))).toEqual(captured);
    for (const [id, ref] of Object.entries(kinds)) {
      const served = resolveResource(live, ref.resource);
      expect({ id, group: ref.group ?? '', version: ref.version, kind: ref.kind }).toEqual({
        id,
        group: served?.group,
        version: served?.version,
        kind: served?.kind,
      });
    }
  });
});
