/**
 * A client certificate issued by the fake's CA (PEM), for client-certificate authentication: the
 * fake treats its common name as the user.
 *
 * @example
 * ```ts
 * import { FakeApiServer, type ClientCertificate } from '@rxkube/testing';
 * const server = await FakeApiServer.start({ tls: true });
 * const alice: ClientCertificate = await server.issueClientCertificate('alice');
 * console.log(alice.cert.startsWith('-----BEGIN CERTIFICATE-----'));
 * await server.close();
 * ```
 */
export interface ClientCertificate {
  readonly cert: string;
  readonly key: string;
}
