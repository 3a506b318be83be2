import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { realisticPod } from '../src/helpers/realistic-pod.js';

interface ContainerStatus {
  name: string;
  state: { waiting?: { reason: string }; running?: object };
  lastState?: { terminated: { finishedAt: string } };
  ready: boolean;
  restartCount: number;
  containerID?: string;
}
interface PodStatus {
  phase: string;
  podIP?: string;
  conditions: { type: string; status: string }[];
  containerStatuses: ContainerStatus[];
}
const statusOf = (pod: object) => (pod as { status: PodStatus }).status;

describe('realisticPod', () => {
  it('builds the same pods as when the benchmark figures were taken, byte for byte', () => {
    const hash = createHash('sha256');
    let bytes = 0;
    for (let i = 0; i < 10_000; i++) {
      const json = JSON.stringify(realisticPod(i));
      bytes += json.length;
      hash.update(json);
      hash.update('\n');
    }
    expect(bytes).toBe(25_690_582);
    expect(hash.digest('hex')).toBe(
      'bc45515ad2dc40ce11fa8f39cb7fa3686fe98cdc8cbf4dd77a6c6c3856425103',
    );
    expect(JSON.stringify(realisticPod(0))).toHaveLength(2551);
  });

  it('serializes to about 2.65 KB of JSON once the server adds its metadata', () => {
    const sizes = Array.from({ length: 200 }, (_, i) => {
      const pod = realisticPod(i * 37);
      pod.metadata.uid = '0b9c2f4e-5a1d-4c8e-9f3a-7d6e5c4b3a21';
      pod.metadata.resourceVersion = '1234567';
      pod.metadata.creationTimestamp = '2025-01-01T10:00:00Z';
      return JSON.stringify(pod).length;
    });
    const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    expect(mean).toBeGreaterThan(2550);
    expect(mean).toBeLessThan(2750);
  });

  it('carries managedFields, containers and status, and differs from pod to pod', () => {
    const a = realisticPod(1);
    const b = realisticPod(2);
    expect(a.metadata.managedFields).toHaveLength(2);
    expect((a.spec as { containers: unknown[] }).containers).toHaveLength(1);
    expect(statusOf(a).phase).toBe('Running');
    expect(a.metadata.name).not.toBe(b.metadata.name);
    expect(realisticPod(1)).toEqual(a);
  });

  it('takes its owner, name and containers from the options', () => {
    const pod = realisticPod(3, {
      app: 'cart',
      namespace: 'shop',
      replicaSet: { name: 'cart-7d9f', hash: '7d9f', uid: 'rs-uid' },
      name: 'cart-7d9f-abcde',
      containers: [
        { name: 'cart', image: 'registry.example.com/shop/cart:2.8.0' },
        { name: 'log-shipper', image: 'registry.example.com/platform/log-shipper:2.4.1' },
      ],
      createdAt: '2026-01-01T10:00:00Z',
    });
    expect(pod.metadata).toMatchObject({
      name: 'cart-7d9f-abcde',
      generateName: 'cart-7d9f-',
      namespace: 'shop',
      labels: { app: 'cart', 'pod-template-hash': '7d9f' },
      ownerReferences: [{ kind: 'ReplicaSet', name: 'cart-7d9f', uid: 'rs-uid' }],
    });
    const spec = pod.spec as { containers: { name: string; ports?: unknown }[] };
    expect(spec.containers.map((c) => c.name)).toEqual(['cart', 'log-shipper']);
    expect(spec.containers[1]?.ports).toBeUndefined();
    const status = statusOf(pod);
    expect(status.containerStatuses.map((c) => c.ready)).toEqual([true, true]);
    const ids = status.containerStatuses.map((c) => c.containerID);
    expect(new Set(ids).size).toBe(2);
    expect(JSON.stringify(pod.metadata.managedFields)).toContain(
      'k:{\\"name\\":\\"log-shipper\\"}',
    );
  });

  it('reports a pod being created as Pending, its containers waiting, without an IP', () => {
    const status = statusOf(realisticPod(4, { state: 'creating' }));
    expect(status.phase).toBe('Pending');
    expect(status.podIP).toBeUndefined();
    expect(status.containerStatuses[0]).toMatchObject({
      state: { waiting: { reason: 'ContainerCreating' } },
      ready: false,
    });
    expect(status.containerStatuses[0]?.containerID).toBeUndefined();
    expect(status.conditions.find((c) => c.type === 'Ready')?.status).toBe('False');
  });

  it('reports a crash loop on the first container with its restarts and last termination', () => {
    const status = statusOf(
      realisticPod(5, {
        state: 'crashloop',
        restarts: 7,
        lastFinishedAt: '2026-01-01T10:05:00Z',
        containers: [
          { name: 'app', image: 'app:1' },
          { name: 'sidecar', image: 'sidecar:1' },
        ],
      }),
    );
    expect(status.phase).toBe('Running');
    const [main, sidecar] = status.containerStatuses;
    expect(main).toMatchObject({
      state: { waiting: { reason: 'CrashLoopBackOff' } },
      lastState: { terminated: { finishedAt: '2026-01-01T10:05:00Z' } },
      ready: false,
      restartCount: 7,
    });
    expect(sidecar).toMatchObject({ ready: true, restartCount: 0 });
    expect(sidecar?.lastState).toBeUndefined();
  });

  it('reports a not-ready pod as running with its first container not ready', () => {
    const status = statusOf(realisticPod(6, { state: 'notready' }));
    expect(status.phase).toBe('Running');
    expect(status.containerStatuses[0]).toMatchObject({ state: { running: {} }, ready: false });
    expect(status.conditions.find((c) => c.type === 'ContainersReady')?.status).toBe('False');
  });
});
