import {
  type CollectionState,
  ConflictError,
  cachedCollection$,
  type KubeClient,
  type KubeObject,
} from '@rxkube/core';
import { loadKubeConfig } from '@rxkube/node';
import { firstValueFrom } from 'rxjs';
import { assert, describe, expect, it } from 'vitest';
import { countingTransport } from '../../src/counting-transport.js';
import { interruptibleTransport } from '../../src/interruptible-transport.js';
import { objectWriter } from '../../src/object-writer.js';
import { recordEmissions } from '../../src/record-emissions.js';
import { waitUntil } from '../../src/wait-until.js';
import { cluster, configMap, configMaps, freshNamespace, kubeconfigClient } from './cluster.js';

/** Reconnect quickly: these tests drop connections on purpose. */
const FAST_BACKOFF = { initialMs: 50, maxMs: 500 } as const;

const deltaLog = (states: readonly CollectionState[]) =>
  states.flatMap((state) => state.deltas.map((delta) => `${delta.type} ${delta.key}`));

const pad = (i: number) => String(i).padStart(2, '0');

describe('cachedCollection$ against kube-apiserver', () => {
  const c = cluster();

  it('lists 25 config maps in 3 pages of 10 through the token kubeconfig, and the first state holds all 25', async () => {
    const base = kubeconfigClient(c.env.kubeconfig);
    const config = loadKubeConfig({ kubeconfig: c.env.kubeconfig });
    expect(config.users?.[0]?.user).toMatchObject({ token: expect.any(String) });
    expect(config.clusters?.[0]?.cluster).toMatchObject({ 'certificate-authority': c.env.caFile });
    const namespace = await freshNamespace(base, 'paged');
    const ref = configMaps(namespace);
    const writer = objectWriter(base);
    const names = Array.from({ length: 25 }, (_, i) => `cm-${pad(i)}`);
    for (const name of names) await writer.create(ref, configMap(name, { name }));

    const transport = countingTransport(base.transport);
    const pages: unknown[] = [];
    const first = await firstValueFrom(
      cachedCollection$({ transport, namespace }, ref, {
        pageSize: 10,
        onPage: (page) => pages.push(page),
      }),
    );

    expect([...first.items.keys()].sort()).toEqual(names.map((name) => `${namespace}/${name}`));
    expect(first.items.get(`${namespace}/cm-07`)).toMatchObject({ data: { name: 'cm-07' } });
    expect(first.deltas.map((d) => d.type)).toEqual(Array(25).fill('added'));
    expect(first.stats).toMatchObject({ lists: 1, relists: 0 });
    const lists = transport.requests.filter((r) => r.kind === 'list');
    expect(lists.map((r) => [r.query.limit, r.query.continue !== undefined, r.status])).toEqual([
      ['10', false, 200],
      ['10', true, 200],
      ['10', true, 200],
    ]);
    expect(pages).toEqual([
      { page: 1, items: 10, remainingItemCount: 15 },
      { page: 2, items: 20, remainingItemCount: 5 },
      { page: 3, items: 25 },
    ]);
  });

  it('turns creates, updates, deletes and a re-create made through the API into deltas, through the client-certificate kubeconfig', async () => {
    const client = kubeconfigClient(c.env.kubeconfigCert);
    const config = loadKubeConfig({ kubeconfig: c.env.kubeconfigCert });
    expect(config.users?.[0]?.user).toMatchObject({
      'client-certificate-data': expect.any(String),
      'client-key-data': expect.any(String),
    });
    expect(config.users?.[0]?.user.token).toBeUndefined();
    const namespace = await freshNamespace(client, 'deltas');
    const ref = configMaps(namespace);
    const writer = objectWriter(client);
    const key = `${namespace}/a`;
    const record = recordEmissions(cachedCollection$(client, ref));
    try {
      const first = await record.waitFor(() => true, { what: 'the first state' });
      expect(first.items.size).toBe(0);

      const created = await writer.create(ref, configMap('a', { v: '1' }));
      const added = await record.waitFor((s) => s.items.has(key), { what: 'a added' });
      expect(added.items.get(key)).toMatchObject({
        metadata: {
          uid: created.metadata?.uid,
          resourceVersion: created.metadata?.resourceVersion,
        },
        data: { v: '1' },
      });
      expect(added.resourceVersion).toBe(created.metadata?.resourceVersion);

      const updated = await writer.replace(ref, { ...created, data: { v: '2' } });
      const modified = await record.waitFor(
        (s) => s.deltas.some((d) => d.type === 'modified' && d.key === key),
        { what: 'a modified' },
      );
      const change = modified.deltas.find((d) => d.key === key);
      expect(change).toMatchObject({
        type: 'modified',
        object: {
          data: { v: '2' },
          metadata: { resourceVersion: updated.metadata?.resourceVersion },
        },
        previous: { data: { v: '1' } },
      });

      await writer.remove(ref, 'a');
      await record.waitFor((s) => !s.items.has(key), { what: 'a deleted' });
      const recreated = await writer.create(ref, configMap('a', { v: '3' }));
      const last = await record.waitFor(
        (s) => s.items.get(key)?.metadata?.uid === recreated.metadata?.uid,
        { what: 'a re-created' },
      );
      expect(recreated.metadata?.uid).not.toBe(created.metadata?.uid);
      expect(deltaLog(record.values)).toEqual([
        `added ${key}`,
        `modified ${key}`,
        `deleted ${key}`,
        `added ${key}`,
      ]);
      expect(last.stats).toMatchObject({ events: 4, lists: 1, relists: 0, reconnects: 0 });
      expect(last.health.status).toBe('live');
    } finally {
      record.stop();
    }
  });

  it('refuses a PUT with a stale metadata.resourceVersion with the real 409 as a ConflictError', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'conflict');
    const ref = configMaps(namespace);
    const writer = objectWriter(client);
    const original = await writer.create(ref, configMap('c', { v: '1' }));
    await writer.replace(ref, { ...original, data: { v: '2' } });

    const error = await writer
      .replace(ref, { ...original, data: { v: 'stale' } })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ConflictError);
    const conflict = error as ConflictError;
    expect(conflict.reason).toBe('Conflict');
    expect(conflict.code).toBe(409);
    expect(conflict.message).toBe(
      'Operation cannot be fulfilled on configmaps "c": the object has been modified; please apply your changes to the latest version and try again',
    );
    expect(conflict.status).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Conflict',
      code: 409,
      details: { name: 'c', kind: 'configmaps' },
    });
    expect(await writer.get<KubeObject & { data?: unknown }>(ref, 'c')).toMatchObject({
      data: { v: '2' },
    });
  });

  it('resumes a dropped watch connection from the last version without a new LIST', async () => {
    const base = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(base, 'drop');
    const ref = configMaps(namespace);
    const writer = objectWriter(base);
    for (const name of ['a', 'b', 'c']) await writer.create(ref, configMap(name));
    const interruptible = interruptibleTransport(base.transport);
    const transport = countingTransport(interruptible);
    const client: KubeClient = { transport, namespace };
    const record = recordEmissions(cachedCollection$(client, ref, { backoff: FAST_BACKOFF }));
    try {
      await record.waitFor((s) => s.items.size === 3, { what: 'the first list' });
      await waitUntil(() => interruptible.openWatches === 1, { what: 'the watch' });
      const before = await writer.create(ref, configMap('before-drop'));
      await record.waitFor((s) => s.items.has(`${namespace}/before-drop`), { what: 'before-drop' });

      expect(interruptible.dropWatches()).toBe(1);
      const during = await writer.create(ref, configMap('after-drop'));
      const resumed = await record.waitFor(
        (s) => s.items.has(`${namespace}/after-drop`) && s.stats.reconnects === 1,
        { what: 'after-drop through the resumed watch' },
      );

      expect(record.values.some((s) => s.health.status === 'reconnecting')).toBe(true);
      expect(resumed.health.status).toBe('live');
      expect(resumed.stats).toMatchObject({ lists: 1, relists: 0, reconnects: 1 });
      expect(transport.count('list')).toBe(1);
      const watches = transport.requests.filter((r) => r.kind === 'watch');
      expect(watches).toHaveLength(2);
      const [, resumedWatch] = watches;
      assert.isDefined(resumedWatch);
      expect(resumedWatch.query.resourceVersion).toBe(before.metadata?.resourceVersion);
      expect(resumed.items.get(`${namespace}/after-drop`)?.metadata?.uid).toBe(
        during.metadata?.uid,
      );
      const log = deltaLog(record.values);
      expect(log.filter((entry) => entry.startsWith('added'))).toHaveLength(5);
      expect(new Set(log).size).toBe(log.length);
    } finally {
      record.stop();
    }
  });

  it("with initialList 'auto', falls back to a paginated LIST when kube-apiserver 1.20 answers the streaming list with 422", async () => {
    const base = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(base, 'auto');
    const ref = configMaps(namespace);
    const writer = objectWriter(base);
    for (let i = 0; i < 12; i++) await writer.create(ref, configMap(`cm-${pad(i)}`));
    const transport = countingTransport(base.transport);
    const record = recordEmissions(
      cachedCollection$({ transport, namespace }, ref, { initialList: 'auto', pageSize: 5 }),
    );
    try {
      const first = await record.waitFor(() => true, { what: 'the first state' });
      expect(first.items.size).toBe(12);
      await waitUntil(() => transport.count('watch', (r) => r.status === 200) === 1, {
        what: 'the watch after the LIST',
      });
      expect(transport.requests.map((r) => `${r.kind} ${r.status}`)).toEqual([
        'watch 422',
        'list 200',
        'list 200',
        'list 200',
        'watch 200',
      ]);
      const [streamingWatch, , , , watch] = transport.requests;
      assert.isDefined(streamingWatch);
      assert.isDefined(watch);
      expect(streamingWatch.query).toMatchObject({
        sendInitialEvents: 'true',
        resourceVersionMatch: 'NotOlderThan',
        allowWatchBookmarks: 'true',
      });
      expect(watch.query.sendInitialEvents).toBeUndefined();
      expect(record.values.every((s) => s.health.status !== 'failed')).toBe(true);
      await writer.create(ref, configMap('late'));
      await record.waitFor((s) => s.items.has(`${namespace}/late`), { what: 'late' });
    } finally {
      record.stop();
    }
  });
});
