import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { call } from './support/http.js';

const DEPLOY = '/apis/apps/v1/namespaces/default/deployments';
const PODS = '/api/v1/namespaces/default/pods';
const MERGE = 'application/merge-patch+json';
const metadata = {
  labels: { viaStatus: 'yes' },
  annotations: { viaStatus: 'yes' },
  ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'o', uid: 'u-1' }],
};

// What kube-apiserver 1.20.2 answered (fixtures/apiserver-captures/writes/writes-status.json).
describe('/status subresource', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    await call(server, DEPLOY, {
      method: 'POST',
      body: { metadata: { name: 'd', labels: { a: '1' } }, spec: { replicas: 1 } },
    });
    await call(server, PODS, {
      method: 'POST',
      body: { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i:1' }] } },
    });
  });
  afterEach(() => server.close());

  it('changes only status through /status, and the main resource ignores status', async () => {
    const viaStatus = await call(server, `${DEPLOY}/d/status`, {
      method: 'PATCH',
      contentType: MERGE,
      body: { spec: { replicas: 9 }, status: { replicas: 4 } },
    });
    expect([viaStatus.body.spec.replicas, viaStatus.body.status]).toEqual([1, { replicas: 4 }]);
    const viaMain = await call(server, `${DEPLOY}/d`, {
      method: 'PATCH',
      contentType: MERGE,
      body: { spec: { replicas: 2 }, status: { replicas: 8 } },
    });
    expect([viaMain.body.spec.replicas, viaMain.body.status]).toEqual([2, { replicas: 4 }]);
  });

  it("keeps what each kind's status strategy resets: a Deployment's labels, a Pod's owners", async () => {
    const deployment = await call(server, `${DEPLOY}/d/status`, {
      method: 'PATCH',
      contentType: MERGE,
      body: { metadata },
    });
    expect(deployment.body.metadata.labels).toEqual({ a: '1' });
    expect(deployment.body.metadata.annotations).toEqual({ viaStatus: 'yes' });
    const pod = await call(server, `${PODS}/p/status`, {
      method: 'PATCH',
      contentType: MERGE,
      body: { metadata, status: { message: 'via status' } },
    });
    expect(pod.body.metadata.labels).toEqual({ viaStatus: 'yes' });
    expect(pod.body.metadata.ownerReferences).toBeUndefined();
    expect(pod.body.status.message).toBe('via status');
  });
});
