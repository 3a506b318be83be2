import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApiServer } from '../src/index.js';
import { call, type Json } from './support/http.js';

// kube-apiserver 1.20.2's answers recorded by the writes fidelity suite (packages/conformance,
// RXKUBE_CAPTURE_WRITES): a Pod created with a status then written through /status, a bare Node
// and one with a status, a Lease with an empty spec.
const real: Json = JSON.parse(
  readFileSync(
    new URL('./fixtures/apiserver-captures/writes/writes-status-fields.json', import.meta.url),
    'utf8',
  ),
);

/** What differs by nature: names carrying the run's namespace, versions, uids and times. */
function normal(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normal(v));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normal(v, k)]));
  }
  if (typeof value !== 'string') return value;
  if (key === 'resourceVersion' || key === 'uid') return `<${key}>`;
  if (key === 'creationTimestamp' || key === 'time') return '<time>';
  return value.replace(/writes-\d+-[a-z0-9]+/g, '<ns>');
}

const answer = (x: { status: number; body: Json }) => normal({ status: x.status, body: x.body });
const expected = (name: string) => normal({ status: real[name].status, body: real[name].body });

describe('status fields as kube-apiserver 1.20 records them', () => {
  let server: FakeApiServer;
  beforeEach(async () => {
    server = await FakeApiServer.start();
    await call(server, '/api/v1/namespaces', {
      method: 'POST',
      body: { metadata: { name: 'ns' } },
    });
  });
  afterEach(() => server.close());

  const body = (name: string): Json =>
    JSON.parse(JSON.stringify(real[name].body).replace(/writes-\d+-[a-z0-9]+/g, 'ns'));
  const sent = (name: string) => {
    const b = body(name);
    const {
      uid: _u,
      resourceVersion: _r,
      creationTimestamp: _c,
      managedFields: _m,
      ...meta
    } = b.metadata;
    return { ...b, metadata: meta };
  };
  const renamed = (x: { status: number; body: Json }) => ({
    status: x.status,
    body: JSON.parse(JSON.stringify(x.body).replace(/"ns(-bare|-full)?"/g, '"writes-1-x$1"')),
  });

  it('a Pod created over HTTP starts Pending with its QoS class and default tolerations; its status write owns podIPs by ip, not qosClass', async () => {
    const created = body('podCreated');
    // The object the capture's POST sent: its spec before admission, its status before the strategy.
    const tolerations = created.spec.tolerations.slice(0, 1);
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: created.metadata.name, labels: created.metadata.labels },
      spec: { ...created.spec, tolerations },
      status: { phase: 'Running', hostIP: '192.168.1.10', podIPs: [{ ip: '10.1.0.5' }] },
    };
    const podCreated = await call(server, '/api/v1/namespaces/ns/pods?fieldManager=golden', {
      method: 'POST',
      body: pod,
    });
    expect(answer(renamed(podCreated))).toEqual(expected('podCreated'));
    const podStatus = await call(
      server,
      '/api/v1/namespaces/ns/pods/status-fields/status?fieldManager=golden',
      {
        method: 'PUT',
        body: {
          ...podCreated.body,
          status: {
            phase: 'Running',
            conditions: [{ type: 'Ready', status: 'True', lastProbeTime: null }],
            hostIP: '192.168.1.10',
            podIP: '10.1.0.5',
            podIPs: [{ ip: '10.1.0.5' }],
            qosClass: 'Guaranteed',
          },
        },
      },
    );
    expect(answer(renamed(podStatus))).toEqual(expected('podStatus'));
  });

  it('a Node gets the not-ready taint and a zero status; its status write owns addresses and conditions by type', async () => {
    const bare = await call(server, '/api/v1/nodes', {
      method: 'POST',
      body: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'ns-bare' } },
    });
    expect(answer(renamed(bare))).toEqual(expected('bare'));
    const full = sent('nodeCreated');
    const nodeCreated = await call(server, '/api/v1/nodes?fieldManager=golden', {
      method: 'POST',
      body: {
        ...full,
        status: {
          addresses: [{ type: 'InternalIP', address: '192.168.1.10' }],
          nodeInfo: { architecture: 'amd64' },
        },
      },
    });
    expect(answer(renamed(nodeCreated))).toEqual(expected('nodeCreated'));
    const nodeStatus = await call(server, '/api/v1/nodes/ns-full/status?fieldManager=golden', {
      method: 'PUT',
      body: {
        ...nodeCreated.body,
        status: {
          conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
          addresses: [
            { type: 'InternalIP', address: '192.168.1.10' },
            { type: 'Hostname', address: 'a' },
          ],
          daemonEndpoints: { kubeletEndpoint: { Port: 0 } },
          nodeInfo: { kernelVersion: '5.10.0-8-amd64', architecture: 'amd64' },
        },
      },
    });
    expect(answer(renamed(nodeStatus))).toEqual(expected('nodeStatus'));
    const deleted = await call(server, '/api/v1/nodes/ns-bare', { method: 'DELETE' });
    expect(answer(renamed(deleted))).toEqual(expected('bareDeleted'));
  });

  it('a Lease created with an empty spec has no managedFields', async () => {
    const idle = await call(
      server,
      '/apis/coordination.k8s.io/v1/namespaces/ns/leases?fieldManager=golden',
      {
        method: 'POST',
        body: {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: { name: 'idle' },
          spec: {},
        },
      },
    );
    expect(answer(renamed(idle))).toEqual(expected('idle'));
    expect(idle.body.metadata.managedFields).toBeUndefined();
  });

  it('test code creating a Pod keeps the status it gives', () => {
    const pod = server.create(
      { version: 'v1', resource: 'pods' },
      {
        metadata: { name: 'p', namespace: 'ns' },
        spec: { containers: [] },
        status: { phase: 'Running' },
      },
    );
    expect(pod.status).toEqual({ phase: 'Running' });
  });
});
