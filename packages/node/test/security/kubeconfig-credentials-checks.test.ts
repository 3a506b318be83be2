import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveClientConnection } from '../../src/connection/resolve-client-connection.js';
import type {
  KubeConfig,
  KubeConfigCluster,
  KubeConfigUser,
} from '../../src/kubeconfig/kube-config.js';
import { isKubeConfigError } from '../../src/kubeconfig/kube-config-error.js';
import { useTempDir } from '../kubeconfig/temp-dir.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../transport/fixtures/${name}`, import.meta.url), 'utf8');
const b64 = (text: string) => Buffer.from(text).toString('base64');

function config(cluster: Partial<KubeConfigCluster>, user: KubeConfigUser = {}): KubeConfig {
  return {
    'current-context': 'main',
    clusters: [{ name: 'prod', cluster: { server: 'https://k8s.example:6443', ...cluster } }],
    users: [{ name: 'me', user }],
    contexts: [{ name: 'main', context: { cluster: 'prod', user: 'me' } }],
  };
}

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('a CA that is not a certificate fails when the client is created, not at connect time', () => {
  const temp = useTempDir();

  it.each([
    ['not base64 of PEM', 'bm90IGEgY2VydGlmaWNhdGU='],
    [
      'a PEM block with garbage inside',
      b64('-----BEGIN CERTIFICATE-----\nZ2FyYmFnZQ==\n-----END CERTIFICATE-----\n'),
    ],
    [
      'a valid certificate followed by a broken one',
      b64(`${fixture('ca.crt')}-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`),
    ],
  ])('certificate-authority-data that is %s', (_what, data) => {
    const error = thrown(() =>
      resolveClientConnection({
        kubeconfig: config({ 'certificate-authority-data': data }),
        env: {},
      }),
    );
    expect(isKubeConfigError(error) && error.reason).toBe('Invalid');
    expect((error as Error).message).toContain("cluster 'prod'");
    expect((error as Error).message).toContain('certificate-authority-data');
  });

  it('a certificate-authority file that holds no certificate', () => {
    const file = temp.write('ca.crt', 'hello\n');
    const error = thrown(() =>
      resolveClientConnection({ kubeconfig: config({ 'certificate-authority': file }), env: {} }),
    );
    expect(isKubeConfigError(error) && error.reason).toBe('Invalid');
    expect((error as Error).message).toContain(file);
  });

  it('accepts a real CA bundle', () => {
    const connection = resolveClientConnection({
      kubeconfig: config({
        'certificate-authority-data': b64(fixture('ca.crt') + fixture('ca.crt')),
      }),
      env: {},
    });
    expect(connection.ca).toBe(fixture('ca.crt') + fixture('ca.crt'));
  });
});

describe('static credentials win over an exec plugin, as in client-go', () => {
  it('a user with a client certificate and exec uses the certificate and never runs the plugin', () => {
    const connection = resolveClientConnection({
      kubeconfig: config(
        {},
        {
          'client-certificate-data': b64(fixture('client.crt')),
          'client-key-data': b64(fixture('client.key')),
          exec: {
            apiVersion: 'client.authentication.k8s.io/v1',
            command: '/bin/false',
            interactiveMode: 'Never',
          },
        },
      ),
      env: {},
    });
    expect(connection.authKind).toBe('client-certificate');
    expect(connection.exec).toBeUndefined();
    expect(connection.auth).toBeUndefined();
    expect(connection.cert).toBe(fixture('client.crt'));
  });
});

describe('createClient({ baseUrl }) honours HTTPS_PROXY and NO_PROXY as kubectl --server does', () => {
  it('sends an https server through HTTPS_PROXY', () => {
    const connection = resolveClientConnection({
      baseUrl: 'https://k8s.example:6443',
      env: { HTTPS_PROXY: 'http://proxy.corp:3128' },
    });
    expect(connection.proxyUrl).toBe('http://proxy.corp:3128');
  });

  it('goes direct when NO_PROXY names the host, or for loopback', () => {
    expect(
      resolveClientConnection({
        baseUrl: 'https://k8s.example:6443',
        env: { HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: '.example,k8s.example' },
      }).proxyUrl,
    ).toBeUndefined();
    expect(
      resolveClientConnection({
        baseUrl: 'http://127.0.0.1:8001',
        env: { HTTP_PROXY: 'http://proxy.corp:3128' },
      }).proxyUrl,
    ).toBeUndefined();
  });
});
