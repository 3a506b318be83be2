import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP gate in front of a server, on a port of its own, for outages: `down()` closes every
 * connection and stops listening (clients get ECONNREFUSED, as from a stopped apiserver);
 * `up()` listens on the same port again. What is behind it keeps its state, as a restarted
 * kube-apiserver keeps etcd's.
 */
export class ServerOutage {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly target: URL,
    private port: number,
  ) {}

  /** A gate to `target` (an `http://host:port` URL), open. */
  static async start(target: string): Promise<ServerOutage> {
    const gate = new ServerOutage(new URL(target), 0);
    await gate.up();
    return gate;
  }

  /** The URL clients use: the gate's. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Listens again (on the same port once it had one). */
  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection(Number(this.target.port), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Cuts every connection and stops listening. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
