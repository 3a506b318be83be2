import { FakeApiServer } from '@rxkube/testing';
import { firstValueFrom, take } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetchClient, watch$ } from '../../src/index.js';
import { createPods, describeTransport, pods } from '../support/transport-suite.js';

describeTransport('fetch transport', (server) => ({
  client: createFetchClient({ baseUrl: server.url }),
}));

describe('the fetch transport against FakeApiServer', () => {
  let server: FakeApiServer | undefined;
  afterEach(async () => {
    await server?.close();
  });
  const start = async () => {
    server = await FakeApiServer.start({ kubernetesVersion: '1.34' });
    return { server, client: createFetchClient({ baseUrl: server.url }) };
  };

  // The connection itself is checked with the script server (test/io/watch.test.ts): Node's
  // built-in fetch may open a spare idle connection right after an abort, which
  // FakeApiServer.openConnections counts for a few seconds.
  it('aborts the watch request when unsubscribed', async () => {
    const { server, client } = await start();
    createPods(server, 1);
    const first = firstValueFrom(watch$(client, pods, { sendInitialEvents: true }).pipe(take(1)));
    expect((await first).type).toBe('ADDED');
    await server.waitFor(() => server.openWatches === 0);
  });
});
