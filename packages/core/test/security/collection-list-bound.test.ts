import { FakeApiServer } from '@rxkube/testing';
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { collectionUpdates$ } from '../../src/collection/collection-updates.js';
import { DecodeError } from '../../src/errors/decode-error.js';
import { createFetchClient } from '../../src/fetch/create-fetch-client.js';

const pods = { version: 'v1', resource: 'pods', namespace: 'ns' } as const;

let server: FakeApiServer;
afterEach(async () => {
  await server.close();
});

describe('a collection bounds its LIST bodies with maxListBodyBytes', () => {
  it('reports DecodeError oversized while reconnecting, instead of reading the page', async () => {
    server = await FakeApiServer.start({ streamingLists: false });
    server.create(pods, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'big', namespace: 'ns', annotations: { a: 'x'.repeat(4096) } },
    });
    const client = createFetchClient({ baseUrl: server.url });
    const update = await firstValueFrom(
      collectionUpdates$(client, pods, {
        initialList: 'list',
        maxListBodyBytes: 1024,
        backoff: { initialMs: 5, maxMs: 40 },
      }).pipe(filter((u) => !u.synced && u.health.status === 'reconnecting')),
    );
    const error =
      !update.synced && update.health.status === 'reconnecting' ? update.health.error : undefined;
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).kind).toBe('oversized');
    expect(server.count('list')).toBeGreaterThanOrEqual(1);
  });
});
