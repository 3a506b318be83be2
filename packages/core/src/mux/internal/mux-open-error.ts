import { TransportError } from '../../errors/transport-error.js';

/**
 * The multiplexing WebSocket could not be opened (refused, not upgraded, or without the
 * subprotocol). `createProxyClient` tells from it whether to check for a plain proxy.
 */
export class MuxOpenError extends TransportError {}
