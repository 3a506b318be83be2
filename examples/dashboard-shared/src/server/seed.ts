import { type FakeApiServer, seededRandom } from '@rxkube/testing';

/** The pods resource of the fake API server. */
export const PODS = { version: 'v1', resource: 'pods' } as const;
const NAMESPACES = { version: 'v1', resource: 'namespaces' } as const;

const APPS = ['web', 'api', 'worker', 'cache', 'batch'] as const;
const NODES = ['node-a', 'node-b', 'node-c'] as const;
const PHASES = ['Running', 'Running', 'Running', 'Pending', 'Succeeded', 'Failed'] as const;

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** What `podObject` makes a pod of. */
export interface PodSeed {
  readonly namespace: string;
  readonly name: string;
  readonly phase?: string;
  readonly node?: string;
  readonly restarts?: number;
  readonly app?: string;
}

/** A pod object as the fake stores it. */
export function podObject({
  namespace,
  name,
  phase = 'Running',
  node = 'node-a',
  restarts = 0,
  app = 'web',
}: PodSeed) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace, name, labels: { app } },
    spec: { nodeName: node, containers: [{ name: app, image: `example/${app}:1.0` }] },
    status: {
      phase,
      containerStatuses: [{ name: app, ready: phase === 'Running', restartCount: restarts }],
    },
  };
}

/**
 * Creates `namespaces` and `perNamespace` pods in each, deterministically from `seed`, and
 * returns the keys (`namespace/name`) of the pods created.
 */
export function seedCluster(
  server: FakeApiServer,
  options: { namespaces?: readonly string[]; perNamespace?: number; seed?: number } = {},
): string[] {
  const { namespaces = ['default', 'payments', 'search'], perNamespace = 4, seed = 1 } = options;
  const random = seededRandom(seed);
  const keys: string[] = [];
  for (const namespace of namespaces) {
    server.create(NAMESPACES, { metadata: { name: namespace } });
    for (let i = 0; i < perNamespace; i++) {
      const app = APPS[i % APPS.length] ?? 'web';
      const name = `${app}-${Math.floor(random() * 0xfffff)
        .toString(16)
        .padStart(5, '0')}`;
      server.create(
        PODS,
        podObject({ namespace, name, app, node: pick(random, NODES), phase: pick(random, PHASES) }),
      );
      keys.push(`${namespace}/${name}`);
    }
  }
  return keys;
}

interface StoredPod {
  readonly metadata: { readonly namespace: string; readonly name: string };
  readonly status?: { readonly containerStatuses?: readonly { readonly restartCount?: number }[] };
}

/**
 * Changes the cluster every `intervalMs`: a pod changes phase or restarts, a pod is created, or
 * one is deleted (keeping between `min` and `max` pods). Returns a function that stops it.
 */
export function startChurn(
  server: FakeApiServer,
  options: { intervalMs?: number; seed?: number; min?: number; max?: number } = {},
): () => void {
  const { intervalMs = 800, seed = 2, min = 8, max = 20 } = options;
  const random = seededRandom(seed);
  let created = 0;
  const timer = setInterval(() => {
    const pods = server.objects<StoredPod>(PODS);
    const roll = random();
    if ((roll < 0.2 && pods.length < max) || pods.length < min) {
      const namespace = pick(random, [...pods.map((p) => p.metadata.namespace), 'default']);
      const app = pick(random, APPS);
      const name = `${app}-${(++created).toString(16).padStart(5, 'c')}`;
      server.create(
        PODS,
        podObject({ namespace, name, app, phase: 'Pending', node: pick(random, NODES) }),
      );
    } else if (roll < 0.35 && pods.length > min) {
      server.remove(PODS, pick(random, pods).metadata);
    } else if (pods.length > 0) {
      const pod = pick(random, pods);
      const restarts = pod.status?.containerStatuses?.[0]?.restartCount ?? 0;
      const phase = pick(random, PHASES);
      server.patch(PODS, pod.metadata, {
        status: {
          phase,
          containerStatuses: [
            {
              name: 'main',
              ready: phase === 'Running',
              restartCount: random() < 0.3 ? restarts + 1 : restarts,
            },
          ],
        },
      });
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
