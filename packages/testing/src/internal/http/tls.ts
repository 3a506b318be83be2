import type { ClientCertificate } from '../../access/client-certificate.js';

type Generate = typeof import('selfsigned').generate;

let loading: Promise<Generate> | undefined;

/**
 * `selfsigned`, loaded on first use: only servers with `tls` need it, and loading it costs about
 * half of the package's import time and sets a global (`Reflect.getMetadata`) as it loads.
 */
function certificateGenerator(): Promise<Generate> {
  loading ??= import('selfsigned').then(
    (module) => module.generate,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A generated CA and the server certificate it signed for 127.0.0.1 and localhost. */
export interface GeneratedTls {
  readonly caCert: string;
  readonly caKey: string;
  readonly serverCert: string;
  readonly serverKey: string;
}

// EC keys: generated in milliseconds, so every test suite can have its own CA.
const KEY = { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' } as const;

/** Generates a CA and a server certificate for 127.0.0.1, ::1 and localhost. */
export async function generateTls(): Promise<GeneratedTls> {
  const generate = await certificateGenerator();
  const ca = await generate([{ name: 'commonName', value: 'rxkube-fake-ca' }], {
    ...KEY,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      {
        name: 'keyUsage',
        keyCertSign: true,
        cRLSign: true,
        digitalSignature: true,
        critical: true,
      },
    ],
  });
  const server = await generate([{ name: 'commonName', value: 'localhost' }], {
    ...KEY,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return { caCert: ca.cert, caKey: ca.private, serverCert: server.cert, serverKey: server.private };
}

/** A client certificate signed by the CA: CN = user, O = groups (as kube-apiserver reads them). */
export async function issueClientCertificate(
  tls: GeneratedTls,
  commonName: string,
  groups: readonly string[],
): Promise<ClientCertificate> {
  const generate = await certificateGenerator();
  const client = await generate(
    [
      { name: 'commonName', value: commonName },
      ...groups.map((value) => ({ name: 'organizationName', value })),
    ],
    {
      ...KEY,
      ca: { key: tls.caKey, cert: tls.caCert },
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true },
        { name: 'extKeyUsage', clientAuth: true },
      ],
    },
  );
  return { cert: client.cert, key: client.private };
}
