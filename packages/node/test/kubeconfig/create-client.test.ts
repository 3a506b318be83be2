import { delimiter, join } from 'node:path';
import { list$, type ResourceRef } from '@rxkube/core';
import { FakeApiServer } from '@rxkube/testing';
import { firstValueFrom } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/create-client.js';
import { useTempDir } from './temp-dir.js';

const configmaps: ResourceRef = { version: 'v1', resource: 'configmaps', namespace: 'default' };

describe('createClient finds the cluster like kubectl', () => {
  let server: FakeApiServer;
  const temp = useTempDir();
  const clients: ReturnType<typeof createClient>[] = [];
  const track = (client: ReturnType<typeof createClient>) => {
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await FakeApiServer.start({
      tls: true,
      tokens: [
        { token: 'file-token', user: 'file-user' },
        { token: 'pod-token', user: 'system:serviceaccount:pod-ns:default' },
      ],
    });
  });
  afterAll(() => server.close());
  afterEach(async () => {
    vi.unstubAllEnvs();
    await Promise.all(clients.splice(0).map((client) => client.transport.destroy()));
  });

  /** Two kubeconfig files, each with paths relative to its own folder. */
  function writeMergedFiles(): string {
    temp.write('first/token', 'file-token\n');
    const first = temp.write(
      'first/config',
      `
current-context: fake
contexts:
- name: fake
  context: {cluster: fake, user: me, namespace: team-a}
users:
- name: me
  user: {tokenFile: token}
`,
    );
    temp.write('second/certs/ca.crt', server.ca ?? '');
    const second = temp.write(
      'second/config',
      `
current-context: elsewhere
clusters:
- name: fake
  cluster: {server: "${server.url}", certificate-authority: certs/ca.crt}
users:
- name: me
  user: {token: not-this-one}
contexts:
- name: elsewhere
  context: {cluster: fake, user: me}
`,
    );
    return [first, second].join(delimiter);
  }

  it('connects through merged KUBECONFIG files: first current-context, first user, paths per file', async () => {
    const client = track(createClient({ env: { KUBECONFIG: writeMergedFiles() } }));
    expect(client.namespace).toBe('team-a');
    await firstValueFrom(list$(client, configmaps));
    expect(server.requests.at(-1)).toMatchObject({ status: 200, user: 'file-user' });
  });

  it('connects with no arguments at all, from the process environment', async () => {
    vi.stubEnv('KUBECONFIG', writeMergedFiles());
    const client = track(createClient());
    await firstValueFrom(list$(client, configmaps));
    expect(server.requests.at(-1)).toMatchObject({ status: 200, user: 'file-user' });
  });

  it('connects from a pod: service host and port, token, CA and namespace of the service account', async () => {
    const dir = join(temp.path(), 'serviceaccount');
    temp.write('serviceaccount/token', 'pod-token');
    temp.write('serviceaccount/ca.crt', server.ca ?? '');
    temp.write('serviceaccount/namespace', 'pod-ns');
    const url = new URL(server.url);
    const env = { KUBERNETES_SERVICE_HOST: url.hostname, KUBERNETES_SERVICE_PORT: url.port };
    // No kubeconfig in the home folder: client-go's fallback to the service account.
    const client = track(createClient({ env, homeDir: temp.path(), serviceAccountDir: dir }));
    expect(client.namespace).toBe('pod-ns');
    await firstValueFrom(list$(client, configmaps));
    expect(server.requests.at(-1)).toMatchObject({
      status: 200,
      user: 'system:serviceaccount:pod-ns:default',
    });
  });

  it('connects to a plain baseUrl without credentials', async () => {
    const plain = await FakeApiServer.start();
    try {
      const client = track(createClient({ baseUrl: plain.url }));
      expect(client.namespace).toBeUndefined();
      await firstValueFrom(list$(client, configmaps));
      expect(plain.requests.at(-1)).toMatchObject({ status: 200 });
    } finally {
      await plain.close();
    }
  });

  it('tells onWarning of the Warning headers of a deprecated version', async () => {
    const plain = await FakeApiServer.start({ kubernetesVersion: '1.34' });
    try {
      plain.registerResource({
        group: 'example.com',
        version: 'v1alpha1',
        resource: 'gadgets',
        kind: 'Gadget',
        deprecated: true,
      });
      const texts: string[] = [];
      const client = track(
        createClient({ baseUrl: plain.url, onWarning: (warning) => texts.push(warning.text) }),
      );
      await firstValueFrom(
        list$(client, { group: 'example.com', version: 'v1alpha1', resource: 'gadgets' }),
      );
      expect(texts).toEqual(['example.com/v1alpha1 Gadget is deprecated']);
    } finally {
      await plain.close();
    }
  });
});
