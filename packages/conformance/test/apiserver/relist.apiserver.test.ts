import { type CollectionState, cachedCollection$, list$ } from '@rxkube/core';
import { ResourceVersionExpiredError } from '@rxkube/core/errors';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { countingTransport } from '../../src/counting-transport.js';
import { objectWriter } from '../../src/object-writer.js';
import { recordEmissions } from '../../src/record-emissions.js';
import {
  type ConfigMap,
  cluster,
  configMap,
  configMaps,
  freshNamespace,
  kubeconfigClient,
} from './cluster.js';

/** Reconnect quickly while apiserver1 restarts. */
const FAST_BACKOFF = { initialMs: 100, maxMs: 1_000 } as const;

describe('cachedCollection$ across a kube-apiserver restart', () => {
  const c = cluster();

  it('relists exactly once when the restarted apiserver no longer has the version to resume from (410), and converges', async () => {
    // apiserver1 serves the collection; apiserver2, on the same etcd, takes the writes while
    // apiserver1 is down. The restarted apiserver1's watch cache starts at the current version,
    // so the resumed watch from the older one gets "too old resource version" (410).
    const client1 = kubeconfigClient(c.env.kubeconfig);
    const client2 = kubeconfigClient(c.env.kubeconfig2Cert);
    const writer = objectWriter(client2);
    const namespace = await freshNamespace(client2, 'relist');
    const ref = configMaps(namespace);
    for (const name of ['keep', 'change', 'remove'])
      await writer.create(ref, configMap(name, { v: '1' }));
    const transport = countingTransport(client1.transport);
    const record = recordEmissions(
      cachedCollection$<ConfigMap>({ transport, namespace }, ref, { backoff: FAST_BACKOFF }),
    );
    try {
      await record.waitFor((s) => s.items.size === 3, { what: 'the first list' });
      await writer.create(ref, configMap('seen-live'));
      await record.waitFor((s) => s.items.has(`${namespace}/seen-live`), { what: 'a live event' });
      const before = record.values.length;

      // A crash: kube-apiserver 1.20 does not finish a graceful stop while a watch is open.
      await c.stop('--kill', 'apiserver1');
      const changed = await writer.get<ConfigMap>(ref, 'change');
      await writer.replace(ref, { ...changed, data: { v: '2' } });
      await writer.remove(ref, 'remove');
      await writer.create(ref, configMap('added-while-down'));
      await c.start('apiserver1');

      const key = (name: string) => `${namespace}/${name}`;
      const converged = await record.waitFor(
        (s) =>
          s.health.status === 'live' &&
          s.items.has(key('added-while-down')) &&
          !s.items.has(key('remove')) &&
          s.items.get(key('change'))?.data?.v === '2',
        { what: 'the cache to converge after the restart', timeoutMs: 60_000 },
      );

      expect(converged.stats.relists).toBe(1);
      expect(transport.count('list')).toBe(2);
      const relisting = record.values.find((s) => s.health.status === 'relisting');
      expect(relisting?.health).toMatchObject({ status: 'relisting' });
      const cause = relisting?.health.status === 'relisting' ? relisting.health.error : undefined;
      expect(cause).toBeInstanceOf(ResourceVersionExpiredError);
      expect(cause?.message).toMatch(/^too old resource version: \d+ \(\d+\)$/);

      const truth = await firstValueFrom(list$<ConfigMap>(client2, ref));
      const versions = (items: Iterable<ConfigMap>) =>
        [...items].map((i) => `${i.metadata?.name}@${i.metadata?.resourceVersion}`).sort();
      expect(versions(converged.items.values())).toEqual(versions(truth.items));

      const after = record.values.slice(before) as CollectionState<ConfigMap>[];
      expect(after.flatMap((s) => s.deltas.map((d) => `${d.type} ${d.key}`)).sort()).toEqual(
        [
          `added ${key('added-while-down')}`,
          `deleted ${key('remove')}`,
          `modified ${key('change')}`,
        ].sort(),
      );
      await writer.create(ref, configMap('after-relist'));
      await record.waitFor((s) => s.items.has(key('after-relist')), {
        what: 'a live event after the relist',
      });
      expect(transport.count('list')).toBe(2);
    } finally {
      record.stop();
    }
  });
});
