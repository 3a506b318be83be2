import { type FakeApiServer, seededRandom } from '@rxkube/testing';
import { FLEET_NAMESPACES } from '../fleet-namespaces.js';
import { podObject } from './seed.js';

/** The resources the fleet view watches, by plural name. */
export const FLEET_RESOURCES = {
  pods: { version: 'v1', resource: 'pods' },
  services: { version: 'v1', resource: 'services' },
  deployments: { group: 'apps', version: 'v1', resource: 'deployments' },
  configmaps: { version: 'v1', resource: 'configmaps' },
  leases: { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' },
  events: { version: 'v1', resource: 'events' },
  namespaces: { version: 'v1', resource: 'namespaces' },
} as const;

/** A resource of the fleet, by plural name. */
export type FleetResource = keyof typeof FLEET_RESOURCES;

/**
 * An object of `resource` named `name` in `namespace`, as the fake stores it (`namespace` is
 * ignored for namespaces); `revision` makes each version of it differ.
 */
export function fleetObject(
  resource: string,
  { namespace, name, revision = 1 }: { namespace: string; name: string; revision?: number },
): object {
  const metadata = { namespace, name, labels: { app: name, revision: String(revision) } };
  switch (resource) {
    case 'pods':
      return { ...podObject({ namespace, name }), metadata };
    case 'services':
      return {
        apiVersion: 'v1',
        kind: 'Service',
        metadata,
        spec: { selector: { app: name }, ports: [{ port: 80, targetPort: 8000 + revision }] },
      };
    case 'deployments':
      return {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata,
        spec: {
          replicas: revision,
          selector: { matchLabels: { app: name } },
          template: {
            metadata: { labels: { app: name } },
            spec: { containers: [{ name: 'main', image: `example/${name}:${revision}` }] },
          },
        },
      };
    case 'configmaps':
      return {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata,
        data: { revision: String(revision) },
      };
    case 'leases':
      return {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata,
        spec: { holderIdentity: `${name}-${revision}`, leaseDurationSeconds: 15 },
      };
    case 'events':
      return {
        apiVersion: 'v1',
        kind: 'Event',
        metadata,
        involvedObject: { kind: 'Pod', namespace, name },
        reason: 'Scheduled',
        message: `revision ${revision}`,
        type: 'Normal',
        count: revision,
      };
    case 'namespaces':
      return { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: metadata.labels } };
    default:
      throw new Error(`the fleet has no resource ${resource}`);
  }
}

/**
 * What the fleet seeds in each namespace, per resource: pods and services everywhere,
 * deployments and config maps too (the view watches them in some namespaces only), leases in
 * `kube-system`, and events.
 */
const PER_NAMESPACE = { pods: 3, services: 2, deployments: 2, configmaps: 2, events: 1 } as const;

/**
 * Seeds the fleet view's cluster: its namespaces and `kube-system`, and in them the objects of
 * every kind the view watches, deterministically. Returns how many objects were created.
 */
export function seedFleet(
  server: FakeApiServer,
  options: { namespaces?: readonly string[] } = {},
): number {
  const { namespaces = FLEET_NAMESPACES } = options;
  let created = 0;
  for (const namespace of [...namespaces, 'kube-system']) {
    server.create(
      FLEET_RESOURCES.namespaces,
      fleetObject('namespaces', { namespace, name: namespace }),
    );
    created++;
  }
  for (const namespace of namespaces) {
    for (const [resource, count] of Object.entries(PER_NAMESPACE)) {
      for (let i = 0; i < count; i++) {
        const ref = FLEET_RESOURCES[resource as FleetResource];
        server.create(ref, fleetObject(resource, { namespace, name: `${resource}-${i}` }));
        created++;
      }
    }
  }
  for (const name of ['kube-controller-manager', 'kube-scheduler', 'rxkube-controller']) {
    server.create(
      FLEET_RESOURCES.leases,
      fleetObject('leases', { namespace: 'kube-system', name }),
    );
    created++;
  }
  return created;
}

/**
 * Changes the fleet every `intervalMs`: an object of a random kind in a random namespace gets a
 * new revision, or a pod is created or deleted. Returns a function that stops it.
 */
export function startFleetChurn(
  server: FakeApiServer,
  options: { intervalMs?: number; seed?: number; namespaces?: readonly string[] } = {},
): () => void {
  const { intervalMs = 300, seed = 3, namespaces = FLEET_NAMESPACES } = options;
  const random = seededRandom(seed);
  const resources: readonly FleetResource[] = [
    'pods',
    'services',
    'deployments',
    'configmaps',
    'leases',
    'events',
  ];
  let revision = 1;
  let created = 0;
  const timer = setInterval(() => {
    revision++;
    const resource = resources[Math.floor(random() * resources.length)] ?? 'pods';
    const ref = FLEET_RESOURCES[resource];
    const namespace =
      resource === 'leases'
        ? 'kube-system'
        : (namespaces[Math.floor(random() * namespaces.length)] ?? 'default');
    const objects = server.objects<{ metadata: { name: string } }>(ref, namespace);
    const roll = random();
    if (resource === 'pods' && roll < 0.15) {
      server.create(ref, fleetObject('pods', { namespace, name: `pod-${++created}` }));
    } else if (resource === 'pods' && roll < 0.3 && objects.length > 1) {
      const victim = objects[Math.floor(random() * objects.length)];
      if (victim !== undefined) server.remove(ref, { namespace, name: victim.metadata.name });
    } else {
      const target = objects[Math.floor(random() * objects.length)];
      if (target === undefined) return;
      const { name } = target.metadata;
      server.update(ref, fleetObject(resource, { namespace, name, revision }));
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
