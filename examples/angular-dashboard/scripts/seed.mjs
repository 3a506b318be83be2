// @ts-check
import { seededRandom } from '@rxkube/testing';

/** The pods resource of the fake API server. */
export const PODS = { version: 'v1', resource: 'pods' };
const NAMESPACES = { version: 'v1', resource: 'namespaces' };

const APPS = ['web', 'api', 'worker', 'cache', 'batch'];
const NODES = ['node-a', 'node-b', 'node-c'];
const PHASES = ['Running', 'Running', 'Running', 'Pending', 'Succeeded', 'Failed'];

/**
 * @template T
 * @param {() => number} random
 * @param {readonly T[]} items
 * @returns {T}
 */
function pick(random, items) {
  return /** @type {T} */ (items[Math.floor(random() * items.length)]);
}

/**
 * A pod object as the fake stores it.
 *
 * @param {{ namespace: string, name: string, phase?: string, node?: string, restarts?: number, app?: string }} pod
 */
export function podObject({
  namespace,
  name,
  phase = 'Running',
  node = 'node-a',
  restarts = 0,
  app = 'web',
}) {
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
 * Creates `namespaces` and `perNamespace` pods in each, deterministically from `seed`.
 *
 * @param {import('@rxkube/testing').FakeApiServer} server
 * @param {{ namespaces?: readonly string[], perNamespace?: number, seed?: number }} [options]
 * @returns {string[]} the keys (`namespace/name`) of the pods created
 */
export function seedCluster(server, options = {}) {
  const { namespaces = ['default', 'payments', 'search'], perNamespace = 4, seed = 1 } = options;
  const random = seededRandom(seed);
  const keys = [];
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

/**
 * Changes the cluster every `intervalMs`: a pod changes phase or restarts, a pod is created, or
 * one is deleted (keeping between `min` and `max` pods). Returns a function that stops it.
 *
 * @param {import('@rxkube/testing').FakeApiServer} server
 * @param {{ intervalMs?: number, seed?: number, min?: number, max?: number }} [options]
 * @returns {() => void}
 */
export function startChurn(server, options = {}) {
  const { intervalMs = 800, seed = 2, min = 8, max = 20 } = options;
  const random = seededRandom(seed);
  let created = 0;
  const timer = setInterval(() => {
    /** @type {{ metadata: { namespace: string, name: string }, status?: { phase?: string, containerStatuses?: { restartCount?: number }[] } }[]} */
    const pods = /** @type {any} */ (server.objects(PODS));
    const roll = random();
    if ((roll < 0.2 && pods.length < max) || pods.length < min) {
      const namespace = pick(random, pods.map((p) => p.metadata.namespace).concat('default'));
      const app = pick(random, APPS);
      const name = `${app}-${(++created).toString(16).padStart(5, 'c')}`;
      server.create(
        PODS,
        podObject({ namespace, name, app, phase: 'Pending', node: pick(random, NODES) }),
      );
    } else if (roll < 0.35 && pods.length > min) {
      const pod = pick(random, pods);
      server.remove(PODS, pod.metadata);
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
