import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { execCredentialAuth } from '../../src/auth/exec-credential-auth.js';
import type { ExecConfig } from '../../src/kubeconfig/kube-config.js';
import { useTempDir } from '../kubeconfig/temp-dir.js';
import { type ExecPlugin, execCredential, writeExecPlugin } from './exec-plugin.js';

const V1 = 'client.authentication.k8s.io/v1';
const V1BETA1 = 'client.authentication.k8s.io/v1beta1';

describe('execCredentialAuth', () => {
  const temp = useTempDir();
  const setup = (extra: Partial<ExecConfig> = {}): { plugin: ExecPlugin; exec: ExecConfig } => {
    const plugin = writeExecPlugin(temp.path());
    return {
      plugin,
      exec: {
        apiVersion: V1,
        command: plugin.command,
        args: plugin.args,
        interactiveMode: 'Never',
        ...extra,
      },
    };
  };

  it('runs the plugin once and caches its token until expirationTimestamp, then runs it again', async () => {
    const { plugin, exec } = setup();
    let now = Date.parse('2030-01-01T00:00:00Z');
    plugin.respond(execCredential({ token: 'one', expirationTimestamp: '2030-01-01T00:01:00Z' }));
    const auth = execCredentialAuth({ exec, now: () => now });

    expect(await auth.header()).toBe('Bearer one');
    expect(await auth.header()).toBe('Bearer one');
    expect(plugin.runs()).toBe(1);

    plugin.respond(execCredential({ token: 'two', expirationTimestamp: '2030-01-01T00:02:00Z' }));
    now = Date.parse('2030-01-01T00:00:59Z');
    expect(await auth.header()).toBe('Bearer one');
    expect(plugin.runs()).toBe(1);
    now = Date.parse('2030-01-01T00:01:00Z');
    expect(await auth.header()).toBe('Bearer two');
    expect(plugin.runs()).toBe(2);
  });

  it('keeps a credential without expirationTimestamp until invalidated (after a 401)', async () => {
    const { plugin, exec } = setup();
    plugin.respond(execCredential({ token: 'one' }));
    const auth = execCredentialAuth({ exec });
    expect(await auth.header()).toBe('Bearer one');
    plugin.respond(execCredential({ token: 'two' }));
    expect(await auth.header()).toBe('Bearer one');
    auth.invalidate();
    expect(await auth.header()).toBe('Bearer two');
    expect(plugin.runs()).toBe(2);
  });

  it('shares one run between concurrent requests', async () => {
    const { plugin, exec } = setup();
    plugin.respond(execCredential({ token: 'one' }));
    const auth = execCredentialAuth({ exec });
    const headers = await Promise.all([auth.header(), auth.header(), auth.header()]);
    expect(headers).toEqual(['Bearer one', 'Bearer one', 'Bearer one']);
    expect(plugin.runs()).toBe(1);
  });

  it('passes args, exec env over the inherited environment, and KUBERNETES_EXEC_INFO', async () => {
    const { plugin, exec } = setup({
      env: [{ name: 'EXTRA_VAR', value: 'from-exec-env' }],
      provideClusterInfo: true,
    });
    plugin.respond(execCredential({ token: 'one' }));
    const cluster = {
      server: 'https://k8s.example:6443',
      'certificate-authority-data': Buffer.from('PEM').toString('base64'),
      config: { audience: 'x' },
    };
    const auth = execCredentialAuth({
      exec,
      cluster,
      env: { INHERITED_VAR: 'inherited', EXTRA_VAR: 'overridden' },
    });
    await auth.header();
    expect(plugin.lastSeen()).toEqual({
      extra: 'from-exec-env',
      inherited: 'inherited',
      info: { kind: 'ExecCredential', apiVersion: V1, spec: { interactive: false, cluster } },
    });
  });

  it('leaves the cluster out of KUBERNETES_EXEC_INFO without provideClusterInfo', async () => {
    const { plugin, exec } = setup();
    plugin.respond(execCredential({ token: 'one' }));
    await execCredentialAuth({ exec, cluster: { server: 'https://x' } }).header();
    expect(plugin.lastSeen().info).toEqual({
      kind: 'ExecCredential',
      apiVersion: V1,
      spec: { interactive: false },
    });
  });

  it('runs a v1beta1 plugin without interactiveMode as IfAvailable: interactive only on a terminal', async () => {
    const { plugin, exec } = setup({ apiVersion: V1BETA1 });
    const { interactiveMode: _, ...withoutMode } = exec;
    plugin.respond(execCredential({ token: 'one' }, V1BETA1));
    await execCredentialAuth({ exec: withoutMode, stdinIsTerminal: false }).header();
    expect(plugin.lastSeen().info).toMatchObject({
      apiVersion: V1BETA1,
      spec: { interactive: false },
    });
  });

  it('requires interactiveMode for a v1 plugin, at once', () => {
    const { exec } = setup();
    const { interactiveMode: _, ...withoutMode } = exec;
    expect(() => execCredentialAuth({ exec: withoutMode, user: 'me' })).toThrow(
      expect.objectContaining({
        reason: 'Invalid',
        message: "interactiveMode must be specified for user 'me' to use an exec plugin",
      }),
    );
  });

  it('fails an Always plugin without a terminal, without running it', async () => {
    const { plugin, exec } = setup({ interactiveMode: 'Always' });
    plugin.respond(execCredential({ token: 'one' }));
    const auth = execCredentialAuth({ exec, stdinIsTerminal: false });
    await expect(auth.header()).rejects.toMatchObject({ reason: 'ExecInteractive' });
    expect(plugin.runs()).toBe(0);
  });

  it('rejects an unsupported apiVersion', () => {
    const { exec } = setup({ apiVersion: 'client.authentication.k8s.io/v1alpha1' });
    expect(() => execCredentialAuth({ exec })).toThrow(
      expect.objectContaining({ reason: 'Unsupported' }),
    );
  });

  it('returns a client certificate and key, and no header, when the plugin gives those', async () => {
    const { plugin, exec } = setup();
    plugin.respond(execCredential({ clientCertificateData: 'CERT', clientKeyData: 'KEY' }));
    const auth = execCredentialAuth({ exec });
    expect(await auth.header()).toBeUndefined();
    expect(await auth.tlsCredentials()).toEqual({ cert: 'CERT', key: 'KEY' });
    expect(plugin.runs()).toBe(1);
  });

  it.each([
    ['a failing exit code', (plugin: ExecPlugin) => plugin.failWith(3), /exited with code 3$/],
    [
      'another apiVersion',
      (plugin: ExecPlugin) => plugin.respond(execCredential({ token: 'leaked' }, V1BETA1)),
      /answered with apiVersion 'client.authentication.k8s.io\/v1beta1' instead of/,
    ],
    [
      'no status',
      (plugin: ExecPlugin) => plugin.respond({ kind: 'ExecCredential', apiVersion: V1, leaked: 1 }),
      /returned no status$/,
    ],
    [
      'a certificate without a key',
      (plugin: ExecPlugin) => plugin.respond(execCredential({ clientCertificateData: 'leaked' })),
      /without its key/,
    ],
    [
      'an invalid expirationTimestamp',
      (plugin: ExecPlugin) =>
        plugin.respond(execCredential({ token: 'leaked', expirationTimestamp: 'soon' })),
      /invalid expirationTimestamp/,
    ],
  ])(
    'fails with ExecFailed on %s, naming the plugin but not its output',
    async (_, arrange, message) => {
      const { plugin, exec } = setup();
      arrange(plugin);
      const error = await execCredentialAuth({ exec, user: 'me' })
        .header()
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ reason: 'ExecFailed' });
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain(`exec plugin '${process.execPath}' for user 'me'`);
      expect(inspect(error)).not.toContain('leaked');
    },
  );

  it('names the install hint when the command does not exist', async () => {
    const auth = execCredentialAuth({
      exec: {
        apiVersion: V1,
        command: 'rxkube-no-such-plugin',
        interactiveMode: 'Never',
        installHint: 'Install it with: brew install rxkube-no-such-plugin',
      },
      env: { PATH: temp.path() },
    });
    await expect(auth.header()).rejects.toThrow(
      "exec plugin 'rxkube-no-such-plugin' could not be started (ENOENT)\nInstall it with: brew install rxkube-no-such-plugin",
    );
  });

  it('prints nothing of the credential', async () => {
    const { plugin, exec } = setup();
    plugin.respond(
      execCredential({ token: 'very-secret', clientCertificateData: 'C', clientKeyData: 'K' }),
    );
    const auth = execCredentialAuth({ exec });
    await auth.header();
    expect(inspect(auth, { showHidden: true, depth: 10 })).not.toContain('very-secret');
    expect(JSON.stringify(auth)).not.toContain('very-secret');
  });
});
