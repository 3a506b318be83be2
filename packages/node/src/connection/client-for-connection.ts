import { inspect } from 'node:util';
import type { KubeClient } from '@rxkube/core';
import type { CreateClientOptions } from '../create-client-options.js';
import type { UndiciTransport } from '../undici-transport.js';
import { ConnectionTransport, type TransportFactory } from './connection-transport.js';
import { describeConnection } from './describe-connection.js';
import type { ResolvedConnection } from './resolved-connection.js';

/** Wraps a connection in a client that prints without secrets. */
export function clientForConnection(
  connection: ResolvedConnection,
  options: Pick<CreateClientOptions, 'transport' | 'onWarning'>,
  create: TransportFactory,
): KubeClient & { readonly transport: UndiciTransport } {
  const transport = new ConnectionTransport(connection, create, {
    ...options.transport,
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
  });
  const client = {
    transport,
    ...(connection.namespace !== undefined && { namespace: connection.namespace }),
  };
  const describe = () => ({ kind: 'KubeClient', ...describeConnection(connection) });
  Object.defineProperty(client, 'toJSON', { value: describe, enumerable: false });
  Object.defineProperty(client, inspect.custom, { value: describe, enumerable: false });
  return Object.freeze(client);
}
