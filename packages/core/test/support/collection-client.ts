/**
 * The client the FakeApiServer suites of `cachedCollection$` connect with: plain `fetch` here;
 * other packages run the same suites over another transport (the CLI's test of `rxkube proxy`
 * runs them over its multiplexing WebSocket) by choosing it before importing the suites.
 */
import { createFetchClient } from '../../src/fetch/create-fetch-client.js';
import type { KubeClient } from '../../src/kube-client.js';

/** How a suite reaches the fake API server at `serverUrl`. */
export type CollectionClientFactory = (serverUrl: string) => KubeClient;

let factory: CollectionClientFactory = (serverUrl) => createFetchClient({ baseUrl: serverUrl });

/** Makes the suites imported after this call connect through `next`. */
export function useCollectionClient(next: CollectionClientFactory): void {
  factory = next;
}

/** A client for the fake API server at `serverUrl`, over the chosen transport. */
export function collectionClient(serverUrl: string): KubeClient {
  return factory(serverUrl);
}
