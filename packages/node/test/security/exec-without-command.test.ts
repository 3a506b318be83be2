import { describe, expect, it } from 'vitest';
import { resolveClientConnection } from '../../src/connection/resolve-client-connection.js';
import { isKubeConfigError } from '../../src/kubeconfig/kube-config-error.js';
import { loadKubeConfig } from '../../src/kubeconfig/load-kube-config.js';
import { useTempDir } from '../kubeconfig/temp-dir.js';

const BROKEN = `
clusters:
- name: c
  cluster: { server: 'https://k8s.example:6443' }
users:
- name: broken
  user:
    exec: { apiVersion: client.authentication.k8s.io/v1, interactiveMode: Never, args: [x] }
contexts:
- name: uses-broken
  context: { cluster: c, user: broken }
`;
const GOOD = `
current-context: good
users:
- name: good
  user: { token: abc }
contexts:
- name: good
  context: { cluster: c, user: good }
`;

describe('a user with exec but no command', () => {
  const temp = useTempDir();

  it('does not stop KUBECONFIG from loading, and a context with another user works', () => {
    const env = { KUBECONFIG: `${temp.write('a', BROKEN)}:${temp.write('b', GOOD)}` };
    const config = loadKubeConfig({ env });
    expect(config.users?.map((user) => user.name)).toEqual(['broken', 'good']);
    const connection = resolveClientConnection({ env });
    expect(connection.authKind).toBe('token');
  });

  it('fails with KubeConfigError Invalid naming the user once that user is used', () => {
    const env = { KUBECONFIG: temp.write('a', BROKEN) };
    let error: unknown;
    try {
      resolveClientConnection({ env, context: 'uses-broken' });
    } catch (caught) {
      error = caught;
    }
    expect(isKubeConfigError(error) && error.reason).toBe('Invalid');
    expect((error as Error).message).toContain("user 'broken'");
    expect((error as Error).message).toContain('command');
  });
});
