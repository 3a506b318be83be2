// The public entry point of @rxkube/node: everything of `@rxkube/node/node-http` (Node's own
// HTTP client, credentials, kubeconfig, the discovery cache), and beside it the client and the
// transport that run on undici. The shared part is listed once, in `node-http/index.ts`.

export * from './node-http/index.js';

// Client

export { createClient } from './create-client.js';

// Transport

export { undiciTransport } from './undici-transport.js';
