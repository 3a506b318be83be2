import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import type { KubeRequest, KubeResponse, Transport } from '@rxkube/core/transport';
import { describe, expect, it } from 'vitest';
import { clientForConnection } from '../../src/connection/client-for-connection.js';
import { resolveClientConnection } from '../../src/connection/resolve-client-connection.js';
import type { KubeConfig } from '../../src/kubeconfig/kube-config.js';
import { loadKubeConfig } from '../../src/kubeconfig/load-kube-config.js';
import { redactKubeConfig } from '../../src/kubeconfig/redact-kube-config.js';
import type { UndiciTransportOptions } from '../../src/undici-transport.js';
import { useTempDir } from './temp-dir.js';

const CA = readFileSync(new URL('../transport/fixtures/ca.crt', import.meta.url), 'utf8');

const SECRETS = [
  'tok-SECRET',
  'pw-SECRET',
  'key-SECRET',
  'env-SECRET',
  'ap-SECRET',
  'proxy-SECRET',
];
const b64 = (text: string) => Buffer.from(text).toString('base64');

const yaml = `
current-context: main
clusters:
- name: c
  cluster:
    server: https://k8s.example:6443
    proxy-url: http://me:proxy-SECRET@proxy.example:3128
users:
- name: token-user
  user:
    token: tok-SECRET
    client-certificate-data: ${b64('CERT')}
    client-key-data: ${b64('key-SECRET')}
    as: jane
- name: basic-user
  user: {username: admin, password: pw-SECRET}
- name: exec-user
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: plugin
      interactiveMode: Never
      env: [{name: API_KEY, value: env-SECRET}]
- name: legacy-user
  user:
    auth-provider: {name: oidc, config: {id-token: ap-SECRET}}
contexts:
- name: main
  context: {cluster: c, user: token-user}
`;

function printed(value: unknown): string {
  return `${inspect(value, { depth: 20 })}\n${inspect(value, { depth: 20, showHidden: true })}\n${JSON.stringify(value)}`;
}

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

/** A transport factory that remembers the options it was given. */
function recordingFactory(): {
  created: UndiciTransportOptions[];
  create: (o: UndiciTransportOptions) => Transport;
} {
  const created: UndiciTransportOptions[] = [];
  return {
    created,
    create: (options) => {
      created.push(options);
      return {
        request: async (request: KubeRequest) =>
          ({ status: 200, headers: request.headers }) as unknown as KubeResponse,
      };
    },
  };
}

describe('secrets are never printed', () => {
  const temp = useTempDir();

  it('a loaded kubeconfig prints redacted, as a whole and entry by entry', () => {
    const config = loadKubeConfig({ kubeconfig: temp.write('config', yaml) });
    expectNoSecret(printed(config));
    for (const named of config.users ?? []) expectNoSecret(printed(named.user));
    expectNoSecret(printed(config.clusters));
    expect(printed(config)).toContain('[redacted]');
    // The data itself is intact.
    expect(config.users?.[0]?.user.token).toBe('tok-SECRET');
    expect(JSON.stringify(config)).toContain('"as":"jane"');
  });

  it('redactKubeConfig hides the secrets of a config built by hand', () => {
    const config: KubeConfig = {
      users: [{ name: 'u', user: { token: 'tok-SECRET', password: 'pw-SECRET' } }],
    };
    expectNoSecret(JSON.stringify(redactKubeConfig(config)));
    expect(config.users?.[0]?.user.token).toBe('tok-SECRET');
  });

  it('a client and its transport print where they connect and how, never the credential', async () => {
    const kubeconfig = loadKubeConfig({ kubeconfig: temp.write('config', yaml) });
    const connection = resolveClientConnection({ kubeconfig, env: {} });
    const { create, created } = recordingFactory();
    const client = clientForConnection(connection, {}, create);
    await client.transport.request({ path: '/api' });
    for (const value of [client, client.transport, connection]) expectNoSecret(printed(value));
    expect(JSON.parse(JSON.stringify(client))).toEqual({
      kind: 'KubeClient',
      server: 'https://k8s.example:6443',
      namespace: 'default',
      origin: "context 'main' of the given kubeconfig",
      auth: 'token+client-certificate',
      tlsVerify: true,
      proxy: 'http://redacted@proxy.example:3128/',
    });
    expect(inspect(client)).toContain('https://k8s.example:6443');
    // ...while the transport did get the material.
    expect(created[0]).toMatchObject({ key: 'key-SECRET', cert: 'CERT' });
  });

  it('errors about users name them, never their secrets', () => {
    const kubeconfig = loadKubeConfig({ kubeconfig: temp.write('config', yaml) });
    for (const user of ['basic-user', 'legacy-user']) {
      const broken = {
        ...kubeconfig,
        contexts: [{ name: 'main', context: { cluster: 'c', user } }],
        users: (kubeconfig.users ?? []).map((named) =>
          named.name === 'basic-user'
            ? { ...named, user: { ...named.user, token: 'tok-SECRET' } }
            : named,
        ),
      };
      let error: unknown;
      try {
        resolveClientConnection({ kubeconfig: broken, env: {} });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(Error);
      expectNoSecret(printed(error));
      expectNoSecret(`${(error as Error).message} ${(error as Error).stack}`);
    }
  });
});

describe('the client transport', () => {
  it('builds the undici transport from the connection, with the impersonation headers', async () => {
    const connection = resolveClientConnection({
      kubeconfig: {
        'current-context': 'x',
        clusters: [
          {
            name: 'c',
            cluster: {
              server: 'https://k8s.example',
              'tls-server-name': 'api.internal',
              'certificate-authority-data': b64(CA),
              'proxy-url': 'http://proxy:3128',
            },
          },
        ],
        users: [{ name: 'u', user: { token: 't', as: 'jane' } }],
        contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
      },
      env: {},
    });
    const { create, created } = recordingFactory();
    const client = clientForConnection(connection, { transport: { allowH2: true } }, create);
    await client.transport.request({ path: '/api' });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      baseUrl: 'https://k8s.example',
      ca: CA,
      servername: 'api.internal',
      rejectUnauthorized: true,
      proxyUrl: 'http://proxy:3128',
      allowH2: true,
      headers: { 'Impersonate-User': 'jane' },
    });
    expect(await created[0]?.auth?.header()).toBe('Bearer t');
    expect(client.namespace).toBe('default');
  });
});
