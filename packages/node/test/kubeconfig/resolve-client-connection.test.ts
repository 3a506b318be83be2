import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveClientConnection } from '../../src/connection/resolve-client-connection.js';
import type { KubeConfig, KubeConfigUser } from '../../src/kubeconfig/kube-config.js';
import { useTempDir } from './temp-dir.js';

const CA = readFileSync(new URL('../transport/fixtures/ca.crt', import.meta.url), 'utf8');
const b64 = (text: string) => Buffer.from(text).toString('base64');

function config(
  user: KubeConfigUser = {},
  cluster: Record<string, unknown> = {},
  context: Record<string, unknown> = {},
): KubeConfig {
  return {
    'current-context': 'main',
    clusters: [
      { name: 'c', cluster: { server: 'https://k8s.example:6443', ...cluster } },
      { name: 'other', cluster: { server: 'https://other.example' } },
    ],
    users: [{ name: 'u', user }],
    contexts: [
      { name: 'main', context: { cluster: 'c', user: 'u', ...context } },
      { name: 'second', context: { cluster: 'other', namespace: 'team' } },
    ],
  };
}

/** Collects process warnings emitted during a test. */
function useWarnings(): Error[] {
  const warnings: Error[] = [];
  const listener = (warning: Error) => warnings.push(warning);
  beforeEach(() => {
    warnings.length = 0;
    process.on('warning', listener);
  });
  afterEach(() => {
    process.off('warning', listener);
  });
  return warnings;
}

async function waitFor(predicate: () => boolean): Promise<void> {
  for (let attempt = 0; !predicate(); attempt++) {
    if (attempt > 100) throw new Error('condition not met');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('resolveClientConnection from a kubeconfig', () => {
  const temp = useTempDir();
  const env = {};

  it('uses the current context: its cluster, user and namespace', () => {
    const connection = resolveClientConnection({
      kubeconfig: config({}, {}, { namespace: 'apps' }),
      env,
    });
    expect(connection).toMatchObject({
      baseUrl: 'https://k8s.example:6443',
      namespace: 'apps',
      rejectUnauthorized: true,
      authKind: 'none',
    });
    expect(connection.origin).toBe("context 'main' of the given kubeconfig");
  });

  it('uses an explicit context instead, with namespace default when it names none', () => {
    expect(resolveClientConnection({ kubeconfig: config(), context: 'second', env })).toMatchObject(
      {
        baseUrl: 'https://other.example',
        namespace: 'team',
      },
    );
    expect(resolveClientConnection({ kubeconfig: config(), env }).namespace).toBe('default');
    expect(
      resolveClientConnection({ kubeconfig: config(), env, namespace: 'mine' }).namespace,
    ).toBe('mine');
  });

  it.each([
    ['an unknown context', { context: 'nope' }, 'ContextNotFound', "context 'nope' is not defined"],
    [
      'a context whose cluster is not defined',
      { kubeconfig: { ...config(), clusters: [] } },
      'ClusterNotFound',
      "cluster 'c' of context 'main' is not defined",
    ],
    [
      'a context whose user is not defined',
      { kubeconfig: { ...config(), users: [] } },
      'UserNotFound',
      "user 'u' of context 'main' is not defined",
    ],
  ])('fails on %s', (_, options, reason, message) => {
    expect(() =>
      resolveClientConnection({ kubeconfig: config(), env, inCluster: false, ...options }),
    ).toThrow(expect.objectContaining({ reason, message: expect.stringContaining(message) }));
  });

  it('reads the CA from certificate-authority-data, which wins over the file', () => {
    const fromFile = readFileSync(
      new URL('../transport/fixtures/server.crt', import.meta.url),
      'utf8',
    );
    const file = temp.write('ca.crt', fromFile);
    expect(
      resolveClientConnection({
        kubeconfig: config({}, { 'certificate-authority': file }),
        env,
      }).ca,
    ).toBe(fromFile);
    expect(
      resolveClientConnection({
        kubeconfig: config(
          {},
          { 'certificate-authority': file, 'certificate-authority-data': b64(CA) },
        ),
        env,
      }).ca,
    ).toBe(CA);
  });

  it('fails naming a CA file that cannot be read', () => {
    const file = join(temp.path(), 'missing.crt');
    expect(() =>
      resolveClientConnection({ kubeconfig: config({}, { 'certificate-authority': file }), env }),
    ).toThrow(expect.objectContaining({ reason: 'FileUnreadable', path: file }));
  });

  it('passes tls-server-name as the name to verify', () => {
    expect(
      resolveClientConnection({
        kubeconfig: config({}, { 'tls-server-name': 'api.internal' }),
        env,
      }).servername,
    ).toBe('api.internal');
  });

  describe('insecure-skip-tls-verify', () => {
    const warnings = useWarnings();

    it('turns verification off and warns once per server', async () => {
      const kubeconfig = config(
        {},
        { server: 'https://insecure-a.example', 'insecure-skip-tls-verify': true },
      );
      expect(resolveClientConnection({ kubeconfig, env }).rejectUnauthorized).toBe(false);
      resolveClientConnection({ kubeconfig, env });
      await waitFor(() => warnings.length > 0);
      // Warnings are delivered on a later tick: give a duplicate the chance to show up.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ name: 'SecurityWarning', code: 'RXKUBE_INSECURE_TLS' });
      expect(warnings[0]?.message).toContain('https://insecure-a.example');
    });

    it('is only set when asked for: false and unset keep verification on', () => {
      const off = config({}, { 'insecure-skip-tls-verify': false });
      expect(resolveClientConnection({ kubeconfig: off, env }).rejectUnauthorized).toBe(true);
      expect(warnings).toHaveLength(0);
    });

    it('cannot be combined with a CA', () => {
      const both = config(
        {},
        { 'insecure-skip-tls-verify': true, 'certificate-authority-data': b64(CA) },
      );
      expect(() => resolveClientConnection({ kubeconfig: both, env })).toThrow(
        expect.objectContaining({ reason: 'Invalid' }),
      );
    });
  });

  describe('proxies', () => {
    it('uses proxy-url', () => {
      const kubeconfig = config({}, { 'proxy-url': 'http://proxy.example:3128' });
      expect(resolveClientConnection({ kubeconfig, env }).proxyUrl).toBe(
        'http://proxy.example:3128',
      );
    });

    it('rejects a SOCKS proxy as unsupported', () => {
      const kubeconfig = config({}, { 'proxy-url': 'socks5://proxy.example:1080' });
      expect(() => resolveClientConnection({ kubeconfig, env })).toThrow(
        expect.objectContaining({ reason: 'Unsupported' }),
      );
    });

    it('falls back to HTTPS_PROXY, honouring NO_PROXY and never for loopback', () => {
      const proxyEnv = { HTTPS_PROXY: 'proxy.corp:8080' };
      expect(resolveClientConnection({ kubeconfig: config(), env: proxyEnv }).proxyUrl).toBe(
        'http://proxy.corp:8080',
      );
      for (const noProxy of ['*', 'example', '.example', 'k8s.example:6443', 'other,k8s.example']) {
        expect(
          resolveClientConnection({ kubeconfig: config(), env: { ...proxyEnv, NO_PROXY: noProxy } })
            .proxyUrl,
        ).toBeUndefined();
      }
      expect(
        resolveClientConnection({
          kubeconfig: config(),
          env: { ...proxyEnv, NO_PROXY: 'k8s.example:443' },
        }).proxyUrl,
      ).toBe('http://proxy.corp:8080');
      const loopback = config({}, { server: 'https://127.0.0.1:6443' });
      expect(
        resolveClientConnection({ kubeconfig: loopback, env: proxyEnv }).proxyUrl,
      ).toBeUndefined();
      const inCidr = config({}, { server: 'https://10.1.2.3:6443' });
      expect(
        resolveClientConnection({
          kubeconfig: inCidr,
          env: { ...proxyEnv, no_proxy: '10.0.0.0/8' },
        }).proxyUrl,
      ).toBeUndefined();
    });
  });

  describe('credentials', () => {
    it('sends a token as a bearer header', async () => {
      const connection = resolveClientConnection({ kubeconfig: config({ token: 'abc' }), env });
      expect(connection.authKind).toBe('token');
      expect(await connection.auth?.header()).toBe('Bearer abc');
    });

    it('reads a tokenFile (which wins over token) on use', async () => {
      const path = temp.write('token', 'from-file\n');
      const connection = resolveClientConnection({
        kubeconfig: config({ token: 'inline', tokenFile: path }),
        env,
      });
      expect(connection.authKind).toBe('token-file');
      expect(await connection.auth?.header()).toBe('Bearer from-file');
    });

    it('fails at once on a tokenFile that cannot be read', () => {
      const path = join(temp.path(), 'missing-token');
      expect(() =>
        resolveClientConnection({ kubeconfig: config({ tokenFile: path }), env }),
      ).toThrow(expect.objectContaining({ reason: 'FileUnreadable', path }));
    });

    it('sends username and password as Basic', async () => {
      const connection = resolveClientConnection({
        kubeconfig: config({ username: 'admin', password: 'pw:1' }),
        env,
      });
      expect(await connection.auth?.header()).toBe(`Basic ${b64('admin:pw:1')}`);
    });

    it('refuses a token together with a password', () => {
      expect(() =>
        resolveClientConnection({ kubeconfig: config({ token: 't', password: 'p' }), env }),
      ).toThrow(expect.objectContaining({ reason: 'Invalid' }));
    });

    it('takes the client certificate and key from files or -data', () => {
      const cert = temp.write('me.crt', 'CERT FILE');
      const key = temp.write('me.key', 'KEY FILE');
      expect(
        resolveClientConnection({
          kubeconfig: config({ 'client-certificate': cert, 'client-key': key }),
          env,
        }),
      ).toMatchObject({ cert: 'CERT FILE', key: 'KEY FILE', authKind: 'client-certificate' });
      expect(
        resolveClientConnection({
          kubeconfig: config({
            'client-certificate': cert,
            'client-certificate-data': b64('CERT DATA'),
            'client-key-data': b64('KEY DATA'),
          }),
          env,
        }),
      ).toMatchObject({ cert: 'CERT DATA', key: 'KEY DATA' });
    });

    it('refuses a certificate without a key', () => {
      expect(() =>
        resolveClientConnection({
          kubeconfig: config({ 'client-certificate-data': b64('CERT') }),
          env,
        }),
      ).toThrow(expect.objectContaining({ reason: 'Invalid' }));
    });

    it.each([
      [
        'gcp',
        "auth-provider 'gcp' of user 'u' is not supported; use an exec plugin such as gke-gcloud-auth-plugin",
      ],
      [
        'azure',
        "auth-provider 'azure' of user 'u' is not supported; use an exec plugin such as kubelogin",
      ],
      ['custom', "auth-provider 'custom' of user 'u' is not supported; use an exec plugin"],
    ])('names the unsupported auth-provider %s and its replacement', (name, message) => {
      const user = { 'auth-provider': { name, config: { 'access-token': 'secret-at' } } };
      expect(() => resolveClientConnection({ kubeconfig: config(user), env })).toThrow(
        expect.objectContaining({ reason: 'UnsupportedAuthProvider', message }),
      );
    });

    it('checks an exec plugin configuration at once', () => {
      const user = { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'x' } };
      expect(() => resolveClientConnection({ kubeconfig: config(user), env })).toThrow(
        expect.objectContaining({
          reason: 'Invalid',
          message: expect.stringContaining('interactiveMode'),
        }),
      );
    });

    it('sends impersonation headers', () => {
      const user = {
        token: 't',
        as: 'jane',
        'as-uid': '42',
        'as-groups': ['devs'],
        'as-user-extra': { 'reason/why': ['audit'] },
      };
      expect(resolveClientConnection({ kubeconfig: config(user), env }).headers).toEqual({
        'Impersonate-User': 'jane',
        'Impersonate-Uid': '42',
        'Impersonate-Group': ['devs'],
        'Impersonate-Extra-reason%2Fwhy': ['audit'],
      });
    });

    it('sends several impersonated groups and extra values as one header line each', () => {
      const user = {
        token: 't',
        as: 'j',
        'as-groups': ['a', 'b, c'],
        'as-user-extra': { scopes: ['x', 'y'] },
      };
      expect(resolveClientConnection({ kubeconfig: config(user), env }).headers).toEqual({
        'Impersonate-User': 'j',
        'Impersonate-Group': ['a', 'b, c'],
        'Impersonate-Extra-scopes': ['x', 'y'],
      });
    });
  });

  it('reads a server without a scheme as https and drops a trailing slash', () => {
    expect(
      resolveClientConnection({ kubeconfig: config({}, { server: 'k8s.example:6443/' }), env })
        .baseUrl,
    ).toBe('https://k8s.example:6443');
  });
});

describe('resolveClientConnection: where to connect', () => {
  const temp = useTempDir();

  const podEnv = () => {
    const dir = join(temp.path(), 'sa');
    temp.write('sa/token', 'pod-token');
    temp.write('sa/ca.crt', CA);
    temp.write('sa/namespace', 'pod-ns\n');
    return { dir, env: { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' } };
  };

  it('uses a plain baseUrl without credentials', () => {
    const connection = resolveClientConnection({ baseUrl: 'http://127.0.0.1:8001/' });
    expect(connection).toMatchObject({ baseUrl: 'http://127.0.0.1:8001', authKind: 'none' });
    expect(connection.namespace).toBeUndefined();
    expect(() =>
      resolveClientConnection({ baseUrl: 'http://127.0.0.1:8001', context: 'x' }),
    ).toThrow(expect.objectContaining({ reason: 'Invalid' }));
  });

  it('uses ~/.kube/config when KUBECONFIG is unset', () => {
    temp.write(
      'home/.kube/config',
      'current-context: a\nclusters: [{name: a, cluster: {server: "https://home.example"}}]\ncontexts: [{name: a, context: {cluster: a}}]\n',
    );
    expect(resolveClientConnection({ env: {}, homeDir: join(temp.path(), 'home') }).baseUrl).toBe(
      'https://home.example',
    );
  });

  it('falls back to the pod service account when no kubeconfig exists', () => {
    const { dir, env } = podEnv();
    const connection = resolveClientConnection({
      env,
      homeDir: temp.path(),
      serviceAccountDir: dir,
    });
    expect(connection).toMatchObject({ baseUrl: 'https://10.96.0.1:443', namespace: 'pod-ns' });
  });

  it('falls back to the pod only by default: not with inCluster false', () => {
    const { dir, env } = podEnv();
    expect(() =>
      resolveClientConnection({
        env,
        homeDir: temp.path(),
        inCluster: false,
        serviceAccountDir: dir,
      }),
    ).toThrow(expect.objectContaining({ reason: 'NotFound' }));
  });

  it('falls back to the pod when the kubeconfig selects no context', () => {
    const { dir, env } = podEnv();
    const kubeconfig = { ...config(), 'current-context': '' };
    const connection = resolveClientConnection({ kubeconfig, env, serviceAccountDir: dir });
    expect(connection.baseUrl).toBe('https://10.96.0.1:443');
    const noServer = { ...config({}, { server: '' }) };
    expect(
      resolveClientConnection({ kubeconfig: noServer, env, serviceAccountDir: dir }).baseUrl,
    ).toBe('https://10.96.0.1:443');
  });

  it('prefers a kubeconfig with a current context over the pod', () => {
    const { dir, env } = podEnv();
    temp.write(
      'home/.kube/config',
      'current-context: a\nclusters: [{name: a, cluster: {server: "https://home.example"}}]\ncontexts: [{name: a, context: {cluster: a}}]\n',
    );
    expect(
      resolveClientConnection({ env, homeDir: join(temp.path(), 'home'), serviceAccountDir: dir })
        .baseUrl,
    ).toBe('https://home.example');
  });

  it('uses the pod service account and nothing else with inCluster', () => {
    const { dir, env } = podEnv();
    const kubeconfig = config();
    expect(resolveClientConnection({ kubeconfig, env, inCluster: { dir } }).baseUrl).toBe(
      'https://10.96.0.1:443',
    );
    expect(() => resolveClientConnection({ kubeconfig, env: {}, inCluster: true })).toThrow(
      expect.objectContaining({ reason: 'NotInCluster' }),
    );
  });

  it('fails with NotFound saying that ~/.kube/config does not exist when it does not', () => {
    const home = temp.path();
    const path = join(home, '.kube', 'config');
    expect(() => resolveClientConnection({ env: {}, homeDir: home })).toThrow(
      expect.objectContaining({
        reason: 'NotFound',
        path,
        message: `kubeconfig ${path} does not exist: set KUBECONFIG, or pass the kubeconfig or baseUrl option (this is not a pod either: no service-account environment)`,
      }),
    );
    const listed = [join(home, 'a'), join(home, 'b')];
    expect(() =>
      resolveClientConnection({ env: { KUBECONFIG: listed.join(delimiter) }, inCluster: false }),
    ).toThrow(
      expect.objectContaining({
        reason: 'NotFound',
        message: `none of the kubeconfig files in KUBECONFIG exists (${listed.join(', ')}): correct KUBECONFIG, or pass the kubeconfig or baseUrl option`,
      }),
    );
  });

  it('fails with NotFound naming the file when it exists but selects no cluster', () => {
    temp.write('empty-home/.kube/config', 'apiVersion: v1\nkind: Config\n');
    const home = join(temp.path(), 'empty-home');
    expect(() => resolveClientConnection({ env: {}, homeDir: home })).toThrow(
      expect.objectContaining({
        reason: 'NotFound',
        message: `no Kubernetes cluster configured: no current-context is set in ${join(home, '.kube', 'config')}, and this is not a pod (no service-account environment)`,
      }),
    );
  });
});
