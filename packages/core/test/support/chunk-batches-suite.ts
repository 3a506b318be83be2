/** Tests of how the events of one network chunk travel together, shared by every transport. */

import type { Observable } from 'rxjs';
import { afterEach, assert, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionUpdate } from '../../src/collection/collection-update.js';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import { DecodeError } from '../../src/errors/decode-error.js';
import type { KubeClient } from '../../src/kube-client.js';
import { watchBatches$ } from '../../src/watch-batches.js';
import type { WatchEvent } from '../../src/watch-event.js';
import {
  chunks,
  json,
  line,
  pod,
  type ScriptServer,
  startScriptServer,
  until,
} from './script-server.js';

const pods = { version: 'v1', resource: 'pods', namespace: 'default' } as const;

/** A client under test, and how to release it after each test. */
export interface ChunkClientUnderTest {
  readonly client: KubeClient;
  close?(): Promise<void>;
}

const describeEvent = (event: WatchEvent) =>
  event.type === 'BOOKMARK'
    ? `BOOKMARK ${event.resourceVersion}`
    : `${event.type} ${event.object.metadata?.name}@${event.object.metadata?.resourceVersion}`;

/** Every array `batches$` emits, described, and how it ended. */
function record(
  batches$: Observable<readonly WatchEvent[]>,
): Promise<{ arrays: string[][]; error: unknown }> {
  const arrays: string[][] = [];
  return new Promise((resolve) =>
    batches$.subscribe({
      next: (events) => arrays.push(events.map(describeEvent)),
      error: (error: unknown) => resolve({ arrays, error }),
      complete: () => resolve({ arrays, error: undefined }),
    }),
  );
}

/** Runs the chunk tests over the client that `connect` builds for a server's URL. */
export function describeChunkBatches(
  label: string,
  connect: (url: string) => ChunkClientUnderTest,
): void {
  let server: ScriptServer;
  let connection: ChunkClientUnderTest;
  beforeEach(async () => {
    server = await startScriptServer();
    connection = connect(server.url);
  });
  afterEach(async () => {
    await connection.close?.();
    await server.close();
  });

  describe(`events of one chunk (${label})`, () => {
    it('arrive as one array, in order', async () => {
      server.script(
        chunks([
          line('ADDED', pod('a', '11')) +
            line('MODIFIED', pod('a', '12')) +
            line('DELETED', pod('a', '13')),
        ]),
      );
      const { arrays, error } = await record(watchBatches$(connection.client, pods));
      expect(error).toBeUndefined();
      expect(arrays).toEqual([['ADDED a@11', 'MODIFIED a@12', 'DELETED a@13']]);
    });

    it('before a bad line in the middle of the chunk arrive as one array, then a DecodeError', async () => {
      server.script(
        chunks(
          [
            line('ADDED', pod('a', '11')) +
              line('ADDED', pod('b', '12')) +
              '{"type":\n' +
              line('ADDED', pod('c', '13')),
          ],
          { end: false },
        ),
      );
      const { arrays, error } = await record(watchBatches$(connection.client, pods));
      expect(arrays).toEqual([['ADDED a@11', 'ADDED b@12']]);
      assert.instanceOf(error, DecodeError);
      expect(error.kind).toBe('malformed');
      await until(() => server.openSockets() === 0);
    });

    it('of a streaming list: the initial events become the list, and the live events after its end are applied on it', async () => {
      const end = {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: { resourceVersion: '12', annotations: { 'k8s.io/initial-events-end': 'true' } },
      };
      server.script(
        chunks(
          [
            line('ADDED', pod('a', '10')) +
              line('ADDED', pod('b', '11')) +
              line('BOOKMARK', end) +
              line('MODIFIED', pod('a', '13')),
          ],
          { end: false },
        ),
      );
      const updates: CollectionUpdate[] = [];
      const subscription = collectionUpdates$(connection.client, pods, {
        initialList: 'stream',
      }).subscribe((update) => updates.push(update));
      try {
        await until(() => updates.some((u) => u.synced && u.resourceVersion === '13'));
      } finally {
        subscription.unsubscribe();
      }
      const synced = updates.filter((u) => u.synced);
      expect(
        synced.map((u) =>
          u.synced
            ? `${u.resourceVersion}: ${u.deltas.map((d) => `${d.type} ${d.key}@${d.object.metadata?.resourceVersion}`).join(', ')}`
            : '',
        ),
      ).toEqual(['13: added default/a@10, added default/b@11, modified default/a@13']);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.query.sendInitialEvents).toBe('true');
    });

    it('are applied in one update; after a bad line the watch resumes from the last event before it', async () => {
      server.script(
        json(200, {
          kind: 'PodList',
          apiVersion: 'v1',
          metadata: { resourceVersion: '10' },
          items: [pod('a', '10')],
        }),
        chunks(
          [
            line('ADDED', pod('b', '11')) +
              line('MODIFIED', pod('a', '12')) +
              'not json\n' +
              line('ADDED', pod('c', '13')),
          ],
          { end: false },
        ),
        chunks([line('ADDED', pod('c', '13')) + line('ADDED', pod('d', '14'))], { end: false }),
      );
      const updates: CollectionUpdate[] = [];
      const subscription = collectionUpdates$(connection.client, pods, {
        backoff: { initialMs: 1, maxMs: 2 },
      }).subscribe((update) => updates.push(update));
      try {
        await until(() => updates.some((u) => u.synced && u.items.has('default/d')));
      } finally {
        subscription.unsubscribe();
      }
      const changes = updates
        .filter((u) => u.synced && u.deltas.length > 0)
        .map((u) =>
          u.synced
            ? u.deltas.map((d) => `${d.type} ${d.key}@${d.object.metadata?.resourceVersion}`)
            : [],
        );
      expect(changes).toEqual([
        ['added default/a@10'],
        ['added default/b@11', 'modified default/a@12'],
        ['added default/c@13', 'added default/d@14'],
      ]);
      const failed = updates.find((u) => u.health.status === 'reconnecting');
      assert.isDefined(failed);
      assert.instanceOf(
        failed.health.status === 'reconnecting' ? failed.health.error : undefined,
        DecodeError,
      );
      expect(
        server.requests.map(
          (r) => `${r.query.watch ? 'watch' : 'list'} ${r.query.resourceVersion ?? ''}`,
        ),
      ).toEqual(['list ', 'watch 10', 'watch 12']);
      const last = updates.at(-1);
      assert.isDefined(last);
      assert.isTrue(last.synced);
      expect(last.synced ? last.resourceVersion : undefined).toBe('14');
    });
  });
}
