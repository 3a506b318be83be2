import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadKubeConfig } from '../../src/kubeconfig/load-kube-config.js';
import { mergeKubeConfigs } from '../../src/kubeconfig/merge-kube-configs.js';
import { useTempDir } from './temp-dir.js';

const first = `
current-context: from-first
clusters:
- name: shared
  cluster:
    server: https://first.example
    certificate-authority: ca.crt
users:
- name: shared-user
  user:
    token: first-token
contexts:
- name: from-first
  context: {cluster: shared, user: shared-user}
`;

const second = `
current-context: from-second
clusters:
- name: shared
  cluster:
    server: https://second.example
    tls-server-name: second-only
- name: only-second
  cluster:
    server: https://only-second.example
    certificate-authority: ca.crt
users:
- name: shared-user
  user:
    token: second-token
    username: second-username
contexts:
- name: from-second
  context: {cluster: only-second}
`;

describe('loadKubeConfig', () => {
  const temp = useTempDir();

  it('merges the files of KUBECONFIG: the first to define a name wins, and wins whole', () => {
    const a = temp.write('a/config', first);
    const b = temp.write('b/config', second);
    const config = loadKubeConfig({ env: { KUBECONFIG: [a, b].join(delimiter) } });
    expect(config.clusters?.map((named) => named.name)).toEqual(['shared', 'only-second']);
    // The second file's fields for 'shared' are discarded, even those the first lacks.
    expect(config.clusters?.[0]?.cluster).toEqual({
      server: 'https://first.example',
      'certificate-authority': join(temp.path(), 'a', 'ca.crt'),
    });
    expect(config.users).toHaveLength(1);
    expect(config.users?.[0]?.user.username).toBeUndefined();
    expect(config.contexts?.map((named) => named.name)).toEqual(['from-first', 'from-second']);
  });

  it('takes current-context from the first file that sets it', () => {
    const none = temp.write('none', 'clusters: []\n');
    const a = temp.write('a/config', first);
    const b = temp.write('b/config', second);
    const env = { KUBECONFIG: [none, b, a].join(delimiter) };
    expect(loadKubeConfig({ env })['current-context']).toBe('from-second');
  });

  it('resolves relative paths of each file against that file folder', () => {
    const a = temp.write('a/config', first);
    const b = temp.write('b/config', second);
    const config = loadKubeConfig({ env: { KUBECONFIG: [a, b].join(delimiter) } });
    expect(config.clusters?.[1]?.cluster['certificate-authority']).toBe(
      join(temp.path(), 'b', 'ca.crt'),
    );
  });

  it('skips missing files, empty entries and repeated files of KUBECONFIG', () => {
    const a = temp.write('a/config', first);
    const missing = join(temp.path(), 'missing');
    const env = { KUBECONFIG: ['', missing, a, a, ''].join(delimiter) };
    const config = loadKubeConfig({ env });
    expect(config['current-context']).toBe('from-first');
    expect(config.clusters).toHaveLength(1);
  });

  it('returns an empty config when no file exists', () => {
    const config = loadKubeConfig({ env: {}, homeDir: temp.path() });
    expect(config.clusters).toBeUndefined();
    expect(config.contexts).toBeUndefined();
    expect(config['current-context']).toBeUndefined();
  });

  it('reads ~/.kube/config when KUBECONFIG is unset or empty', () => {
    temp.write('.kube/config', first);
    expect(loadKubeConfig({ env: {}, homeDir: temp.path() })['current-context']).toBe('from-first');
    expect(
      loadKubeConfig({ env: { KUBECONFIG: '' }, homeDir: temp.path() })['current-context'],
    ).toBe('from-first');
    expect(loadKubeConfig({ env: { HOME: temp.path() } })['current-context']).toBe('from-first');
  });

  it('reads an explicit file alone, ignoring KUBECONFIG', () => {
    const a = temp.write('a/config', first);
    const b = temp.write('b/config', second);
    const config = loadKubeConfig({ kubeconfig: b, env: { KUBECONFIG: a } });
    expect(config['current-context']).toBe('from-second');
  });

  it('fails when an explicit file does not exist', () => {
    const missing = join(temp.path(), 'nope');
    expect(() => loadKubeConfig({ kubeconfig: missing })).toThrow(
      expect.objectContaining({ reason: 'NotFound', path: missing }),
    );
  });

  it('fails on a file of KUBECONFIG that does not parse, naming it', () => {
    const a = temp.write('a/config', first);
    const bad = temp.write('bad', 'clusters: {}\n');
    expect(() => loadKubeConfig({ env: { KUBECONFIG: [a, bad].join(delimiter) } })).toThrow(
      `${bad}: clusters must be a list`,
    );
  });

  it('fails on a path of KUBECONFIG that cannot be read', () => {
    const folder = join(temp.path(), 'folder');
    temp.write('folder/x', '');
    expect(() => loadKubeConfig({ env: { KUBECONFIG: folder } })).toThrow(
      expect.objectContaining({ reason: 'FileUnreadable', path: folder }),
    );
  });
});

describe('mergeKubeConfigs', () => {
  it('does not change its inputs', () => {
    const input = { users: [{ name: 'u', user: { token: 't' } }] };
    const merged = mergeKubeConfigs([input]);
    expect(Object.isFrozen(input.users[0]?.user)).toBe(false);
    expect(merged.users?.[0]?.user.token).toBe('t');
  });

  it('keeps preferences and extensions of the first config that has them', () => {
    const merged = mergeKubeConfigs([
      { extensions: [{ name: 'x', extension: 1 }] },
      { preferences: { colors: true }, extensions: [{ name: 'x', extension: 2 }] },
      { preferences: { colors: false } },
    ]);
    expect(merged.preferences).toEqual({ colors: true });
    expect(merged.extensions).toEqual([{ name: 'x', extension: 1 }]);
  });
});
