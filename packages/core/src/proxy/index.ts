// `@rxkube/core/proxy`: the client behind `rxkube proxy` — many requests over one WebSocket
// (`rxkube.mux.v1`), plain fetch where the proxy does not offer it. Only applications that talk to
// a cluster through `rxkube proxy` (a browser dashboard, say) need it, so it stays off the main
// entry and out of every other bundle.

export { MuxFlowControlError } from '../errors/mux-flow-control-error.js';
export { createProxyClient } from '../mux/create-proxy-client.js';
export { muxDefaults } from '../mux/mux-defaults.js';
export { muxTransport } from '../mux/mux-transport.js';
export type { MuxTransportOptions } from '../mux/mux-transport-options.js';
export type { MuxWebSocket, MuxWebSocketConstructor } from '../mux/mux-web-socket.js';
export type { ProxyClientOptions } from '../mux/proxy-client-options.js';
