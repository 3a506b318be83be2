import type { Socket } from 'node:net';
import { Client, type Dispatcher, Pool } from 'undici';

type Connector = (
  options: object,
  callback: (error: Error | null, socket: Socket | null) => void,
) => void;

/**
 * An undici `Agent` factory for `allowH2`: a pool whose connections, once ALPN settled on HTTP/2,
 * take up to `streams` requests at a time (one stream each). undici's clients take one request
 * at a time unless told otherwise, so without this every open watch holds an HTTP/2 connection
 * of its own. Connections that settled on HTTP/1.1 keep one request at a time: pipelining
 * requests behind a watch that never ends would stall them.
 */
export function multiplexingPool(streams: number) {
  return (origin: string | URL, options: object): Dispatcher =>
    new Pool(origin, {
      ...options,
      factory: (clientOrigin: string | URL, clientOptions: object): Dispatcher => {
        const connect = (clientOptions as { connect: Connector }).connect;
        const client: Client = new Client(clientOrigin, {
          ...clientOptions,
          connect: ((connectOptions, callback) =>
            connect(connectOptions, (error, socket) => {
              if (
                error === null &&
                (socket as { alpnProtocol?: unknown } | null)?.alpnProtocol === 'h2'
              )
                client.pipelining = streams;
              callback(error, socket);
            })) as Connector,
        } as Client.Options);
        return client;
      },
    } as Pool.Options);
}
