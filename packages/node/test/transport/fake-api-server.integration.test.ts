import { watch$ } from '@rxkube/core';
import { FakeApiServer } from '@rxkube/testing';
import { firstValueFrom, take } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createPods, describeTransport, pods } from '../../../core/test/support/transport-suite.js';
import { type UndiciTransport, undiciTransport } from '../../src/index.js';

for (const decoder of ['ndjson', 'core'] as const) {
  describeTransport(`undici transport, ${decoder} decoder`, (server) => {
    const transport = undiciTransport({ baseUrl: server.url, decoder });
    return { client: { transport }, close: () => transport.destroy() };
  });
}

describe('the undici transport frees connections', () => {
  let server: FakeApiServer | undefined;
  let transport: UndiciTransport | undefined;
  afterEach(async () => {
    await transport?.destroy();
    await server?.close();
  });
  const start = async () => {
    server = await FakeApiServer.start({ kubernetesVersion: '1.34' });
    transport = undiciTransport({ baseUrl: server.url });
    return { server, client: { transport } };
  };

  it('aborts the watch request and frees its connection when unsubscribed', async () => {
    const { server, client } = await start();
    createPods(server, 1);
    const first = firstValueFrom(watch$(client, pods, { sendInitialEvents: true }).pipe(take(1)));
    expect((await first).type).toBe('ADDED');
    await server.waitFor(() => server.openWatches === 0 && server.openConnections === 0);
  });

  it('frees exactly the connection of the watch that was unsubscribed', async () => {
    const { server, client } = await start();
    const first = watch$(client, pods).subscribe();
    const second = watch$(client, pods).subscribe();
    await server.waitFor(() => server.openWatches === 2 && server.openConnections === 2);
    first.unsubscribe();
    await server.waitFor(() => server.openWatches === 1 && server.openConnections === 1);
    second.unsubscribe();
    await server.waitFor(() => server.openWatches === 0 && server.openConnections === 0);
  });
});
