import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { CONFIGMAPS, call } from './support/http.js';

const CM = '/api/v1/namespaces/default/configmaps';

describe('collectGarbage(): what kube-controller-manager would do after a DELETE', () => {
  let server: FakeApiServer;
  let ownerUid: string;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    ownerUid = server.create(CONFIGMAPS, { metadata: { name: 'owner', namespace: 'default' } })
      .metadata.uid as string;
    server.create(CONFIGMAPS, {
      metadata: {
        name: 'dependent',
        namespace: 'default',
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: ownerUid }],
      },
    });
  });
  afterEach(() => server.close());
  const exists = (name: string) =>
    server.get(CONFIGMAPS, { namespace: 'default', name }) !== undefined;

  it('Foreground: the owner waits, marked, until its dependents are gone, then goes', async () => {
    await call(server, `${CM}/owner?propagationPolicy=Foreground`, { method: 'DELETE' });
    expect([exists('owner'), exists('dependent')]).toEqual([true, true]);
    expect(server.collectGarbage()).toBe(2);
    expect([exists('owner'), exists('dependent')]).toEqual([false, false]);
    expect(server.collectGarbage()).toBe(0);
  });

  it('Orphan: the dependent stays without its owner reference', async () => {
    await call(server, `${CM}/owner?propagationPolicy=Orphan`, { method: 'DELETE' });
    server.collectGarbage();
    expect(exists('owner')).toBe(false);
    const dependent = server.get(CONFIGMAPS, { namespace: 'default', name: 'dependent' });
    expect(dependent?.metadata?.ownerReferences).toBeUndefined();
  });

  it('Background: the owner goes at once, its dependents at the next collection', async () => {
    await call(server, `${CM}/owner`, { method: 'DELETE' });
    expect([exists('owner'), exists('dependent')]).toEqual([false, true]);
    server.collectGarbage();
    expect(exists('dependent')).toBe(false);
  });
});
