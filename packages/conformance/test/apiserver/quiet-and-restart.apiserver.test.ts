import { type CollectionState, cachedCollection$, list$ } from '@rxkube/core';
import type { KubeRequest, Transport } from '@rxkube/core/transport';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { countingTransport } from '../../src/counting-transport.js';
import { objectWriter } from '../../src/object-writer.js';
import { recordEmissions } from '../../src/record-emissions.js';
import { waitUntil } from '../../src/wait-until.js';
import { watchEndingTransport } from '../../src/watch-ending-transport.js';
import {
  type ConfigMap,
  cluster,
  configMap,
  configMaps,
  freshNamespace,
  kubeconfigClient,
} from './cluster.js';

/** Reconnect quickly while an apiserver restarts. */
const FAST_BACKOFF = { initialMs: 100, maxMs: 1_000 } as const;
/** Short, so that many quiet watches come and go within the test. */
const IDLE_TIMEOUT_MS = 3_000;
/** How many server-ended watches the quiet test waits for. */
const QUIET_WATCHES = 4;

/** A load balancer in front of two apiservers: requests go to each in turn. */
function roundRobin(first: Transport, second: Transport): Transport {
  let next = 0;
  return {
    request: (request: KubeRequest) => {
      const target = next === 0 ? first : second;
      next = 1 - next;
      return target.request(request);
    },
  };
}

/** Whether `shown` appears in `history` in the same order (not necessarily contiguous). */
function isSubsequence(shown: readonly string[], history: readonly string[]): boolean {
  let at = 0;
  for (const state of shown) {
    while (at < history.length && history[at] !== state) at++;
    if (at === history.length) return false;
    at++;
  }
  return true;
}

/** Per key, the distinct states the collection showed in order ('absent' or a version). */
function shownHistory(
  states: readonly CollectionState<ConfigMap>[],
  keys: readonly string[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const key of keys) {
    const seq: string[] = [];
    for (const state of states) {
      const value = state.items.get(key)?.metadata?.resourceVersion ?? 'absent';
      if (seq.at(-1) !== value) seq.push(value);
    }
    out[key] = seq;
  }
  return out;
}

describe('cachedCollection$ on a quiet collection and across an HA apiserver restart', () => {
  const c = cluster();

  it('keeps a quiet collection live with a short idle timeout: the server ends every watch, the client aborts none, nothing is relisted', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'quiet');
    const ref = configMaps(namespace);
    const writer = objectWriter(client);
    for (const name of ['a', 'b']) await writer.create(ref, configMap(name));
    const watches = watchEndingTransport(client.transport);
    const transport = countingTransport(watches);
    const record = recordEmissions(
      cachedCollection$<ConfigMap>({ transport, namespace }, ref, {
        idleTimeoutMs: IDLE_TIMEOUT_MS,
      }),
    );
    try {
      await record.waitFor((s) => s.health.status === 'live' && s.items.size === 2, {
        what: 'the first list',
      });
      const synced = record.values.length;
      // Quiet time: wait until several watches have ended, whoever ended them.
      await waitUntil(
        () => watches.watches.filter((w) => w.endedBy !== 'open').length >= QUIET_WATCHES,
        { what: `${QUIET_WATCHES} watches to end`, timeoutMs: 60_000 },
      );
      const quiet = record.values.slice(synced - 1);
      expect(quiet.map((s) => s.health.status)).toEqual(quiet.map(() => 'live'));
      const ended = watches.watches.filter((w) => w.endedBy !== 'open');
      expect(ended.map((w) => w.endedBy)).toEqual(ended.map(() => 'server'));
      const asked = watches.watches.map((w) => Number(w.query.timeoutSeconds));
      console.info(
        `quiet: ${ended.length} watches ended by the server, timeoutSeconds asked: ${asked.join(', ')}`,
      );
      expect(asked.every((s) => s > 0 && s * 1000 <= IDLE_TIMEOUT_MS)).toBe(true);
      expect(transport.count('list')).toBe(1);
      expect(record.values.at(-1)?.stats).toMatchObject({ lists: 1, relists: 0 });

      // Still live: a write arrives through the current watch.
      await writer.create(ref, configMap('after-quiet'));
      await record.waitFor((s) => s.items.has(`${namespace}/after-quiet`), {
        what: 'a write after the quiet time',
      });
      expect(transport.count('list')).toBe(1);
    } finally {
      record.stop();
    }
  });

  it("never goes back in time with listSemantic 'any' while one of two apiservers behind a round-robin balancer restarts", async () => {
    const client1 = kubeconfigClient(c.env.kubeconfig);
    const client2 = kubeconfigClient(c.env.kubeconfig2Cert);
    const writer = objectWriter(client2);
    const namespace = await freshNamespace(client2, 'ha-any');
    const ref = configMaps(namespace);
    const key = (name: string) => `${namespace}/${name}`;
    const names = ['keep', 'change', 'remove', 'added-while-down', 'after'];
    /** Every state the server had per key, in order: 'absent' or a version. */
    const history: Record<string, string[]> = Object.fromEntries(
      names.map((name) => [key(name), ['absent']]),
    );
    const wrote = (object: ConfigMap) =>
      history[key(object.metadata?.name ?? '')]?.push(String(object.metadata?.resourceVersion));
    const removed = (name: string) => history[key(name)]?.push('absent');
    const update = async (name: string, v: string) => {
      const current = await writer.get<ConfigMap>(ref, name);
      wrote(await writer.replace(ref, { ...current, data: { v } }));
    };

    for (const name of ['keep', 'change', 'remove'])
      wrote(await writer.create(ref, configMap(name, { v: '1' })));
    const transport = countingTransport(roundRobin(client1.transport, client2.transport));
    const record = recordEmissions(
      cachedCollection$<ConfigMap>({ transport, namespace }, ref, {
        listSemantic: 'any',
        backoff: FAST_BACKOFF,
        relistBackoff: FAST_BACKOFF,
      }),
    );
    try {
      await record.waitFor((s) => s.health.status === 'live' && s.items.size === 3, {
        what: 'the first list',
      });
      await update('change', '2');
      await record.waitFor((s) => s.items.get(key('change'))?.data?.v === '2', {
        what: 'a live change',
      });

      await c.stop('--kill', 'apiserver1');
      await update('change', '3');
      await writer.remove(ref, 'remove');
      removed('remove');
      wrote(await writer.create(ref, configMap('added-while-down')));
      await c.start('apiserver1');
      await update('change', '4');
      wrote(await writer.create(ref, configMap('after')));

      const truth = await firstValueFrom(list$<ConfigMap>(client2, ref));
      const versions = (items: Iterable<ConfigMap>) =>
        [...items].map((i) => `${i.metadata?.name}@${i.metadata?.resourceVersion}`).sort();
      await record.waitFor(
        (s) =>
          s.health.status === 'live' &&
          JSON.stringify(versions(s.items.values())) === JSON.stringify(versions(truth.items)),
        { what: 'the cache to converge after the restart', timeoutMs: 90_000 },
      );

      const shown = shownHistory(
        record.values as CollectionState<ConfigMap>[],
        Object.keys(history),
      );
      for (const [k, states] of Object.entries(shown)) {
        expect(
          isSubsequence(states, history[k] ?? []),
          `${k}: shown ${states} of ${history[k]}`,
        ).toBe(true);
      }
      // Every change was shown at least in its final state; requests stayed bounded.
      expect(shown[key('change')]?.at(-1)).toBe(history[key('change')]?.at(-1));
      expect(transport.count('list')).toBeLessThanOrEqual(6);
    } finally {
      record.stop();
    }
  });
});
