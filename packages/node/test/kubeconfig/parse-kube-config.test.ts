import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isKubeConfigError } from '../../src/kubeconfig/kube-config-error.js';
import { parseKubeConfig } from '../../src/kubeconfig/parse-kube-config.js';

const SECRET = 's3cr3t-token-value';

const text = `
apiVersion: v1
kind: Config
current-context: dev
clusters:
- name: dev
  cluster:
    server: https://dev.example:6443
    certificate-authority: certs/ca.crt
users:
- name: me
  user:
    client-certificate: certs/me.crt
    client-key: /abs/me.key
    tokenFile: ../token
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: ./bin/plugin
      interactiveMode: Never
- name: plain
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: aws
      interactiveMode: Never
contexts:
- name: dev
  context:
    cluster: dev
    user: me
    namespace:
`;

describe('parseKubeConfig', () => {
  it('resolves relative file references against the folder of the file, as kubectl does', () => {
    const config = parseKubeConfig(text, { path: '/etc/kube/config' });
    expect(config.clusters?.[0]?.cluster['certificate-authority']).toBe('/etc/kube/certs/ca.crt');
    const me = config.users?.[0]?.user;
    expect(me?.['client-certificate']).toBe('/etc/kube/certs/me.crt');
    expect(me?.['client-key']).toBe('/abs/me.key');
    expect(me?.tokenFile).toBe('/etc/token');
    expect(me?.exec?.command).toBe('/etc/kube/bin/plugin');
  });

  it('leaves a bare exec command name for the PATH lookup', () => {
    const config = parseKubeConfig(text, { path: '/etc/kube/config' });
    expect(config.users?.[1]?.user.exec?.command).toBe('aws');
  });

  it('reads a key without a value as unset', () => {
    const config = parseKubeConfig(text);
    expect(config.contexts?.[0]?.context.namespace).toBeUndefined();
    expect('namespace' in (config.contexts?.[0]?.context ?? {})).toBe(false);
  });

  it('reads an empty file as an empty config', () => {
    expect(parseKubeConfig('')).toEqual({});
    expect(parseKubeConfig('# nothing here\n')).toEqual({});
  });

  it('accepts JSON, which is YAML', () => {
    const config = parseKubeConfig(JSON.stringify({ 'current-context': 'x' }));
    expect(config['current-context']).toBe('x');
  });

  it('rejects invalid YAML naming the position but not the offending text', () => {
    const broken = `users:\n- name: me\n  user:\n    token: ${SECRET}\n   bad: [\n`;
    let error: unknown;
    try {
      parseKubeConfig(broken, { path: '/tmp/broken' });
    } catch (caught) {
      error = caught;
    }
    expect(isKubeConfigError(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'Invalid', path: '/tmp/broken' });
    expect((error as Error).message).toMatch(
      /^\/tmp\/broken: not valid YAML \(line \d+, column \d+\)$/,
    );
    expect(inspect(error)).not.toContain(SECRET);
  });

  it('rejects a field of the wrong type naming the field and never its value', () => {
    const wrong = `users:\n- name: me\n  user:\n    token: [${SECRET}]\n`;
    expect(() => parseKubeConfig(wrong)).toThrow(
      "kubeconfig: users['me'].user.token must be a string",
    );
    try {
      parseKubeConfig(wrong);
    } catch (error) {
      expect(inspect(error)).not.toContain(SECRET);
    }
  });

  it('rejects two entries with the same name in one file', () => {
    const twice =
      'clusters:\n- name: a\n  cluster: {server: https://a}\n- name: a\n  cluster: {server: https://b}\n';
    expect(() => parseKubeConfig(twice)).toThrow("clusters has two entries named 'a'");
  });

  it('rejects entries without a name', () => {
    expect(() => parseKubeConfig('contexts:\n- context: {cluster: a}\n')).toThrow(
      'contexts[0].name must be a non-empty string',
    );
  });

  it('returns a frozen config', () => {
    const config = parseKubeConfig(text);
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.users?.[0]?.user)).toBe(true);
  });
});
