/**
 * The FakeApiServer suites of `cachedCollection$` (guarantees and faults), run again with every
 * request carried by `rxkube proxy`'s multiplexing WebSocket: proxy, socket and client in the
 * path must change nothing the suites can see.
 */
import type { KubeClient } from '@rxkube/core';
import { createProxyClient } from '@rxkube/core/proxy';
import type { Transport } from '@rxkube/core/transport';
import { afterEach, expect } from 'vitest';
import { RecordingWebSocket } from '../support/mux-sockets.js';
import { type RunningProxy, startRxkubeProxy } from '../support/rxkube-proxy.js';

const proxies: Promise<RunningProxy>[] = [];

/** A client that starts `rxkube proxy` in front of the server on its first request. */
function throughProxy(serverUrl: string): KubeClient {
  let inner: Promise<Transport> | undefined;
  const transport: Transport = {
    async request(request) {
      inner ??= (async () => {
        const started = startRxkubeProxy(serverUrl);
        proxies.push(started);
        const proxy = await started;
        return createProxyClient({
          baseUrl: proxy.url,
          mux: 'always',
          WebSocket: RecordingWebSocket,
        }).transport;
      })();
      return (await inner).request(request);
    },
  };
  return { transport };
}

afterEach(async () => {
  const started = proxies.splice(0);
  // Whatever the test asked went through the WebSocket, not around it.
  if (started.length > 0) expect(RecordingWebSocket.opened.length).toBeGreaterThan(0);
  await Promise.all(started.map(async (proxy) => (await proxy).close()));
  RecordingWebSocket.reset();
});

// The suites live in the core package; their client comes from this shared choice.
const core = (path: string) => new URL(`../../../core/test/${path}`, import.meta.url).href;
const support = core('support/collection-client.ts');
const { useCollectionClient } = (await import(support)) as {
  useCollectionClient(factory: (serverUrl: string) => KubeClient): void;
};
useCollectionClient(throughProxy);
for (const suite of [
  'collection/cached-collection.integration',
  'collection/lasting-conditions.integration',
  'collection/live-means-watching.integration',
  'sharing/collection-registry.integration',
  'reliability/bad-input',
]) {
  await import(core(`${suite}.test.ts`));
}
