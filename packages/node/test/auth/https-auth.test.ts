import { writeFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { type CollectionState, cachedCollection$, list$, type ResourceRef } from '@rxkube/core';
import { UnauthorizedError } from '@rxkube/core/errors';
import { FakeApiServer } from '@rxkube/testing';
import { firstValueFrom, type Subscription } from 'rxjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/create-client.js';
import type { KubeConfig, KubeConfigUser } from '../../src/kubeconfig/kube-config.js';
import { useTempDir } from '../kubeconfig/temp-dir.js';
import { execCredential, writeExecPlugin } from './exec-plugin.js';

const configmaps: ResourceRef = { version: 'v1', resource: 'configmaps', namespace: 'default' };
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A kubeconfig object for one server, one user. */
function kubeconfigFor(
  server: FakeApiServer,
  user: KubeConfigUser,
  ca: string | null = server.ca ?? null,
): KubeConfig {
  return {
    'current-context': 'fake',
    clusters: [
      {
        name: 'fake',
        cluster: {
          server: server.url,
          ...(ca !== null && { 'certificate-authority-data': b64(ca) }),
        },
      },
    ],
    users: [{ name: 'me', user }],
    contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'me' } }],
  };
}

/** Clients made in a test, closed after it. */
function useClients() {
  const clients: { transport: { destroy(): Promise<void> } }[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.transport.destroy()));
  });
  return (options: Parameters<typeof createClient>[0]) => {
    const client = createClient({ env: {}, ...options });
    clients.push(client);
    return client;
  };
}

const lastRecord = (server: FakeApiServer) => server.requests.at(-1);

describe('createClient over HTTPS against FakeApiServer', () => {
  let server: FakeApiServer;
  let otherServer: FakeApiServer;
  const temp = useTempDir();
  const client = useClients();

  beforeAll(async () => {
    [server, otherServer] = await Promise.all([
      FakeApiServer.start({ tls: true, tokens: [{ token: 'good-token', user: 'token-user' }] }),
      FakeApiServer.start({ tls: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), otherServer.close()]);
  });
  afterEach(() => {
    server.setTokens([{ token: 'good-token', user: 'token-user' }]);
  });

  describe('client certificates', () => {
    it('authenticates with a client certificate and key from files, trusting the configured CA', async () => {
      const { cert, key } = await server.issueClientCertificate('alice');
      const kubeconfig = kubeconfigFor(server, {
        'client-certificate': temp.write('alice.crt', cert),
        'client-key': temp.write('alice.key', key),
      });
      const result = await firstValueFrom(list$(client({ kubeconfig }), configmaps));
      expect(result.items).toEqual([]);
      expect(lastRecord(server)).toMatchObject({ status: 200, user: 'alice' });
    });

    it('authenticates with -data fields too', async () => {
      const { cert, key } = await server.issueClientCertificate('bob');
      const kubeconfig = kubeconfigFor(server, {
        'client-certificate-data': b64(cert),
        'client-key-data': b64(key),
      });
      await firstValueFrom(list$(client({ kubeconfig }), configmaps));
      expect(lastRecord(server)).toMatchObject({ status: 200, user: 'bob' });
    });

    it('rejects a server whose certificate the configured CA did not sign', async () => {
      const count = server.requests.length;
      const kubeconfig = kubeconfigFor(server, { token: 'good-token' }, otherServer.ca ?? null);
      await expect(firstValueFrom(list$(client({ kubeconfig }), configmaps))).rejects.toMatchObject(
        {
          reason: 'Transport',
        },
      );
      expect(server.requests.length).toBe(count);
    });

    it('verifies TLS by default: without a CA the fake is not trusted', async () => {
      const kubeconfig = kubeconfigFor(server, { token: 'good-token' }, null);
      await expect(firstValueFrom(list$(client({ kubeconfig }), configmaps))).rejects.toMatchObject(
        {
          reason: 'Transport',
        },
      );
    });

    it('connects without verification only with insecure-skip-tls-verify', async () => {
      const kubeconfig = kubeconfigFor(server, { token: 'good-token' }, null);
      const insecure: KubeConfig = {
        ...kubeconfig,
        clusters: [
          { name: 'fake', cluster: { server: server.url, 'insecure-skip-tls-verify': true } },
        ],
      };
      await firstValueFrom(list$(client({ kubeconfig: insecure }), configmaps));
      expect(lastRecord(server)).toMatchObject({ status: 200, user: 'token-user' });
    });
  });

  describe('bearer tokens', () => {
    it('authenticates with a token', async () => {
      const kubeconfig = kubeconfigFor(server, { token: 'good-token' });
      await firstValueFrom(list$(client({ kubeconfig }), configmaps));
      expect(lastRecord(server)).toMatchObject({ status: 200, user: 'token-user' });
    });

    it('fails with UnauthorizedError 401 for a wrong token', async () => {
      const kubeconfig = kubeconfigFor(server, { token: 'wrong-token' });
      const error = await firstValueFrom(list$(client({ kubeconfig }), configmaps)).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error).toMatchObject({ reason: 'Unauthorized', code: 401 });
      expect(`${inspect(error)} ${JSON.stringify(error)}`).not.toContain('wrong-token');
      expect(lastRecord(server)).toMatchObject({ status: 401 });
    });

    it('prints the real client without its token or key', async () => {
      const { cert, key } = await server.issueClientCertificate('carol');
      const made = client({
        kubeconfig: kubeconfigFor(server, {
          token: 'good-token',
          'client-certificate-data': b64(cert),
          'client-key-data': b64(key),
        }),
      });
      await firstValueFrom(list$(made, configmaps));
      const printed = `${inspect(made, { depth: 20, showHidden: true })} ${JSON.stringify(made)} ${inspect(made.transport, { showHidden: true })}`;
      expect(printed).not.toContain('good-token');
      expect(printed).not.toContain(key.split('\n')[1]);
      expect(printed).toContain(server.url);
    });
  });

  describe('a rotated token file', () => {
    let subscription: Subscription | undefined;
    afterEach(() => subscription?.unsubscribe());

    /** Follows configmaps, resuming the watch whenever it ends. */
    function follow(made: ReturnType<typeof createClient>) {
      const states: CollectionState[] = [];
      subscription = cachedCollection$(made, configmaps, {
        backoff: { initialMs: 5, maxMs: 20 },
      }).subscribe({ next: (state) => states.push(state) });
      return states;
    }

    let since = 0;
    beforeEach(() => {
      since = server.requests.length;
    });
    const watchesBy = (user: string, status: number) =>
      server.requests
        .slice(since)
        .filter(
          (record) => record.kind === 'watch' && record.user === user && record.status === status,
        ).length;

    it('is read again after the refresh period, so the resumed watch uses the new token', async () => {
      server.setTokens([
        { token: 'old-token', user: 'old-user' },
        { token: 'new-token', user: 'new-user' },
      ]);
      const tokenFile = temp.write('token', 'old-token\n');
      const made = client({
        kubeconfig: kubeconfigFor(server, { tokenFile }),
        tokenFileRefreshMs: 50,
      });
      const states = follow(made);
      await server.waitFor(() => watchesBy('old-user', 200) === 1);

      writeFileSync(tokenFile, 'new-token\n');
      const rotatedAt = Date.now();
      await server.waitFor(() => Date.now() - rotatedAt > 50);
      server.create(configmaps, { metadata: { name: 'before-end', namespace: 'default' } });
      await server.waitFor(() => states.at(-1)?.items.has('default/before-end') === true);
      server.faults.endWatches();

      await server.waitFor(() => watchesBy('new-user', 200) === 1);
      server.create(configmaps, { metadata: { name: 'after-rotation', namespace: 'default' } });
      await server.waitFor(() => states.at(-1)?.items.has('default/after-rotation') === true);
      const refused = server.requests.slice(since).filter((record) => record.status === 401);
      expect(refused).toEqual([]);
      server.remove(configmaps, { namespace: 'default', name: 'before-end' });
      server.remove(configmaps, { namespace: 'default', name: 'after-rotation' });
    });

    it('is read again at once when the server answers 401 with the old token', async () => {
      server.setTokens([{ token: 'old-token', user: 'old-user' }]);
      const tokenFile = temp.write('token', 'old-token\n');
      const made = client({ kubeconfig: kubeconfigFor(server, { tokenFile }) });
      const states = follow(made);
      await server.waitFor(() => watchesBy('old-user', 200) === 1);

      writeFileSync(tokenFile, 'new-token\n');
      server.setTokens([{ token: 'new-token', user: 'new-user' }]);
      server.create(configmaps, { metadata: { name: 'x', namespace: 'default' } });
      await server.waitFor(() => states.at(-1)?.items.has('default/x') === true);
      server.faults.endWatches();

      // The resumed watch is refused once with the cached token, then succeeds with the new one.
      await server.waitFor(() => watchesBy('new-user', 200) === 1);
      const statuses = server.requests
        .slice(since)
        .filter((record) => record.kind === 'watch')
        .map((record) => `${record.status} ${record.user ?? 'anonymous'}`);
      expect(statuses).toEqual(['200 old-user', '401 anonymous', '200 new-user']);
      server.remove(configmaps, { namespace: 'default', name: 'x' });
      await server.waitFor(() => states.at(-1)?.items.has('default/x') === false);
      expect(states.at(-1)?.health.status).toBe('live');
    });
  });

  describe('exec credential plugins', () => {
    it('runs the plugin once, uses its token until expirationTimestamp, then runs it again', async () => {
      const plugin = writeExecPlugin(temp.path());
      server.setTokens([
        { token: 'exec-one', user: 'exec-user-1' },
        { token: 'exec-two', user: 'exec-user-2' },
      ]);
      // Long enough for three requests on a slow machine; the wait below polls the clock.
      const expiresAt = Date.now() + 2000;
      plugin.respond(
        execCredential({
          token: 'exec-one',
          expirationTimestamp: new Date(expiresAt).toISOString(),
        }),
      );
      const made = client({
        kubeconfig: kubeconfigFor(server, {
          exec: {
            apiVersion: 'client.authentication.k8s.io/v1',
            command: plugin.command,
            args: plugin.args,
            interactiveMode: 'Never',
            provideClusterInfo: true,
          },
        }),
      });
      for (let request = 0; request < 3; request++) {
        await firstValueFrom(list$(made, configmaps));
      }
      expect(plugin.runs()).toBe(1);
      expect(lastRecord(server)).toMatchObject({ status: 200, user: 'exec-user-1' });
      expect(plugin.lastSeen().info).toMatchObject({
        spec: {
          interactive: false,
          cluster: { server: server.url, 'certificate-authority-data': b64(server.ca ?? '') },
        },
      });

      plugin.respond(execCredential({ token: 'exec-two' }));
      await server.waitFor(() => Date.now() >= expiresAt, { timeoutMs: 5000 });
      await firstValueFrom(list$(made, configmaps));
      expect(plugin.runs()).toBe(2);
      expect(lastRecord(server)).toMatchObject({ status: 200, user: 'exec-user-2' });
    });

    it('runs the plugin again after a 401 and retries with its new token', async () => {
      const plugin = writeExecPlugin(temp.path());
      server.setTokens([{ token: 'exec-one', user: 'exec-user-1' }]);
      plugin.respond(execCredential({ token: 'exec-one' }, 'client.authentication.k8s.io/v1beta1'));
      const exec = {
        apiVersion: 'client.authentication.k8s.io/v1beta1',
        command: plugin.command,
        args: plugin.args,
      };
      const made = client({ kubeconfig: kubeconfigFor(server, { exec }) });
      await firstValueFrom(list$(made, configmaps));

      server.setTokens([{ token: 'exec-two', user: 'exec-user-2' }]);
      plugin.respond(execCredential({ token: 'exec-two' }, 'client.authentication.k8s.io/v1beta1'));
      await firstValueFrom(list$(made, configmaps));
      expect(plugin.runs()).toBe(2);
      expect(server.requests.slice(-2).map((record) => record.status)).toEqual([401, 200]);
      expect(lastRecord(server)?.user).toBe('exec-user-2');
    });

    it('presents a client certificate returned by the plugin', async () => {
      const plugin = writeExecPlugin(temp.path());
      const { cert, key } = await server.issueClientCertificate('exec-cert-user');
      plugin.respond(execCredential({ clientCertificateData: cert, clientKeyData: key }));
      const exec = {
        apiVersion: 'client.authentication.k8s.io/v1',
        command: plugin.command,
        args: plugin.args,
        interactiveMode: 'Never' as const,
      };
      await firstValueFrom(
        list$(client({ kubeconfig: kubeconfigFor(server, { exec }) }), configmaps),
      );
      expect(lastRecord(server)).toMatchObject({ status: 200, user: 'exec-cert-user' });
    });
  });
});
