import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inClusterPossible } from '../../src/connection/in-cluster/in-cluster-possible.js';
import { resolveInCluster } from '../../src/connection/in-cluster/resolve-in-cluster.js';
import { useTempDir } from './temp-dir.js';

describe('resolveInCluster', () => {
  const temp = useTempDir();
  const env = { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' };
  const layout = () => {
    temp.write('sa/token', 'pod-token\n');
    temp.write('sa/ca.crt', 'POD CA');
    temp.write('sa/namespace', 'pod-ns');
    return join(temp.path(), 'sa');
  };

  it('connects to the service address with the service-account token, CA and namespace', async () => {
    const dir = layout();
    const connection = resolveInCluster({ env, dir });
    expect(connection).toMatchObject({
      baseUrl: 'https://10.96.0.1:443',
      ca: 'POD CA',
      namespace: 'pod-ns',
      rejectUnauthorized: true,
      authKind: 'token-file',
    });
    expect(await connection.auth?.header()).toBe('Bearer pod-token');
  });

  it('puts an IPv6 service host in brackets', () => {
    const dir = layout();
    const v6 = { KUBERNETES_SERVICE_HOST: 'fd00:10:96::1', KUBERNETES_SERVICE_PORT: '443' };
    expect(resolveInCluster({ env: v6, dir }).baseUrl).toBe('https://[fd00:10:96::1]:443');
  });

  it('takes the namespace from POD_NAMESPACE first, and default without file', () => {
    const dir = layout();
    expect(resolveInCluster({ env: { ...env, POD_NAMESPACE: 'from-env' }, dir }).namespace).toBe(
      'from-env',
    );
    rmSync(join(dir, 'namespace'));
    expect(resolveInCluster({ env, dir }).namespace).toBe('default');
  });

  it('re-reads the rotated token after the refresh period and after a 401', async () => {
    const dir = layout();
    const connection = resolveInCluster({ env, dir, tokenFileRefreshMs: 60_000 });
    expect(await connection.auth?.header()).toBe('Bearer pod-token');
    writeFileSync(join(dir, 'token'), 'rotated-token');
    expect(await connection.auth?.header()).toBe('Bearer pod-token');
    connection.auth?.invalidate?.();
    expect(await connection.auth?.header()).toBe('Bearer rotated-token');
    const quick = resolveInCluster({ env, dir, tokenFileRefreshMs: 0 });
    expect(await quick.auth?.header()).toBe('Bearer rotated-token');
    writeFileSync(join(dir, 'token'), 'third-token');
    expect(await quick.auth?.header()).toBe('Bearer third-token');
  });

  it('fails with NotInCluster without the service variables or the token', () => {
    const dir = layout();
    expect(() => resolveInCluster({ env: {}, dir })).toThrow(
      expect.objectContaining({ reason: 'NotInCluster' }),
    );
    expect(inClusterPossible({ env: {}, dir })).toBe(false);
    expect(inClusterPossible({ env, dir })).toBe(true);
    rmSync(join(dir, 'token'));
    expect(inClusterPossible({ env, dir })).toBe(false);
    expect(() => resolveInCluster({ env, dir })).toThrow(
      expect.objectContaining({ reason: 'NotInCluster', path: join(dir, 'token') }),
    );
  });

  describe('without ca.crt', () => {
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    beforeEach(() => {
      warnings.length = 0;
      process.on('warning', listener);
    });
    afterEach(() => {
      process.off('warning', listener);
    });

    it('keeps verifying against the system CAs and warns', async () => {
      const dir = layout();
      rmSync(join(dir, 'ca.crt'));
      const connection = resolveInCluster({ env, dir });
      expect(connection.ca).toBeUndefined();
      expect(connection.rejectUnauthorized).toBe(true);
      for (let tick = 0; warnings.length === 0 && tick < 100; tick++) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(warnings[0]?.message).toContain(join(dir, 'ca.crt'));
    });
  });
});
