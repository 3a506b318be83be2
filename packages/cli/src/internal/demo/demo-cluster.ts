import type { FakeApiServer } from '@rxkube/testing';
import { type DemoApp, demoApps, demoNamespaces } from './demo-apps.js';
import { demoDefaults } from './demo-defaults.js';
import {
  type DemoPod,
  type DemoReplicaSet,
  newDemoPod,
  podObject,
  podStatus,
  timestamp,
} from './demo-pod.js';
import { NAME_ALPHABET, type Random } from './random.js';

/** The pods collection of the fake server. */
export const podsRef = { version: 'v1', resource: 'pods' } as const;
const replicaSetsRef = { group: 'apps', version: 'v1', resource: 'replicasets' } as const;
const deploymentsRef = { group: 'apps', version: 'v1', resource: 'deployments' } as const;
const namespacesRef = { version: 'v1', resource: 'namespaces' } as const;

const HASH = 10;
const FINALIZER = 'demo.rxkube.io/drain';

interface FollowUp {
  readonly at: number;
  readonly key: string;
  readonly kind: 'start' | 'remove';
}

const keyOf = (pod: { namespace: string; name: string }) => `${pod.namespace}/${pod.name}`;

/**
 * The simulated cluster: seeds the fake server with namespaces, deployments, replica sets and
 * pods, then changes it like controllers and kubelets would: containers crash and recover,
 * readiness flaps, pods are replaced (marked for deletion, terminating, gone, a new pod created
 * and started). Every change is one write to the server.
 */
export class DemoCluster {
  /** Pods by key, terminating ones included until they are gone. */
  private readonly pods = new Map<string, DemoPod>();
  private readonly keys: string[] = [];
  private readonly terminating = new Set<string>();
  private readonly followUps: FollowUp[] = [];
  /** Writes made to the server (seeding excluded). */
  writes = 0;
  /** Pods created so far, seeding included: the next pod's index. */
  private created = 0;

  private constructor(
    private readonly server: FakeApiServer,
    private readonly random: Random,
  ) {}

  /** Creates the cluster's objects on the server: about `podCount` pods. */
  static seed(server: FakeApiServer, random: Random, podCount: number, now: number): DemoCluster {
    const cluster = new DemoCluster(server, random);
    server.registerResource({
      group: 'apps',
      version: 'v1',
      resource: 'replicasets',
      kind: 'ReplicaSet',
      singular: 'replicaset',
      shortNames: ['rs'],
      namespaced: true,
      categories: ['all'],
    });
    for (const name of demoNamespaces) {
      if (!server.get(namespacesRef, { name }))
        server.create(namespacesRef, { metadata: { name } });
    }
    const totalWeight = demoApps.reduce((sum, app) => sum + app.weight, 0);
    const pods: object[] = [];
    for (const app of demoApps) {
      const replicas = Math.max(1, Math.round((podCount * app.weight) / totalWeight));
      const replicaSet = cluster.createOwners(app, replicas);
      for (let i = 0; i < replicas; i++) {
        const pod = newDemoPod(replicaSet, random, now, cluster.created++);
        const roll = random.next();
        pod.condition =
          roll < demoDefaults.initialCrashing
            ? 'crashloop'
            : roll < demoDefaults.initialCrashing + demoDefaults.initialNotReady
              ? 'notready'
              : 'running';
        if (pod.condition === 'crashloop') {
          pod.restarts = 1 + random.int(20);
          pod.lastFinishedAt = timestamp(now - random.int(600_000));
        }
        cluster.track(pod);
        pods.push(podObject(pod));
      }
    }
    server.bulkCreate(podsRef, pods);
    return cluster;
  }

  /** How many pods the server has (terminating ones included). */
  get size(): number {
    return this.pods.size;
  }

  /**
   * Makes one change (a due follow-up first, else a random operation) and returns how many writes
   * it took (a replacement takes three); 0 when nothing could be done.
   */
  step(now: number): number {
    const before = this.writes;
    this.change(now);
    return this.writes - before;
  }

  private change(now: number): boolean {
    const due = this.followUps[0];
    if (due && due.at <= now) {
      this.followUps.shift();
      this.runFollowUp(due, now);
      return true;
    }
    const { crash, recover, notReady, replace } = demoDefaults.operations;
    const roll = this.random.int(crash + recover + notReady + replace);
    if (roll < crash) return this.setCondition(now, ['running'], 'crashloop');
    if (roll < crash + recover) {
      return (
        this.setCondition(now, ['crashloop', 'notready'], 'running') ||
        this.setCondition(now, ['running'], 'notready')
      );
    }
    if (roll < crash + recover + notReady) return this.setCondition(now, ['running'], 'notready');
    return this.replace(now);
  }

  /** Changes a few pods at once (no follow-ups), e.g. while watches are down. */
  burst(count: number, now: number): void {
    for (let i = 0; i < count; i++) this.setCondition(now, ['running', 'crashloop'], 'notready');
  }

  private createOwners(app: DemoApp, replicas: number): DemoReplicaSet {
    const labels = { app: app.name };
    const deployment = this.server.create(deploymentsRef, {
      metadata: { name: app.name, namespace: app.namespace, labels },
      spec: {
        replicas,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: { containers: [{ name: app.name, image: app.image }] },
        },
      },
      status: {
        replicas,
        readyReplicas: replicas,
        updatedReplicas: replicas,
        availableReplicas: replicas,
      },
    }) as { metadata: { uid: string } };
    const hash = this.random.text(NAME_ALPHABET, HASH);
    const name = `${app.name}-${hash}`;
    const replicaSet = this.server.create(replicaSetsRef, {
      metadata: {
        name,
        namespace: app.namespace,
        labels: { ...labels, 'pod-template-hash': hash },
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name: app.name,
            uid: deployment.metadata.uid,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: { replicas, selector: { matchLabels: { ...labels, 'pod-template-hash': hash } } },
      status: { replicas, readyReplicas: replicas, availableReplicas: replicas },
    }) as { metadata: { uid: string } };
    return { app, name, hash, uid: replicaSet.metadata.uid };
  }

  private track(pod: DemoPod): void {
    this.pods.set(keyOf(pod), pod);
    this.keys.push(keyOf(pod));
  }

  private untrack(key: string): void {
    this.pods.delete(key);
    this.terminating.delete(key);
    const at = this.keys.indexOf(key);
    if (at < 0) return;
    // Swap-remove: the last key takes the removed key's place (unless it was the last).
    const last = this.keys.pop();
    if (last !== undefined && at < this.keys.length) this.keys[at] = last;
  }

  /** A random pod in one of the conditions (not terminating), after a few tries. */
  private pick(conditions: readonly DemoPod['condition'][]): DemoPod | undefined {
    const tries = 20;
    for (let i = 0; i < tries && this.keys.length > 0; i++) {
      const key = this.random.pick(this.keys);
      const pod = this.pods.get(key);
      if (pod && !this.terminating.has(key) && conditions.includes(pod.condition)) return pod;
    }
    return undefined;
  }

  private setCondition(
    now: number,
    from: readonly DemoPod['condition'][],
    to: DemoPod['condition'],
  ): boolean {
    const pod = this.pick(from);
    if (!pod) return false;
    if (to === 'crashloop') {
      pod.restarts++;
      pod.lastFinishedAt = timestamp(now);
    }
    if (to === 'running' && pod.condition === 'crashloop') pod.startedAt = timestamp(now);
    pod.condition = to;
    this.patchStatus(pod);
    return true;
  }

  private patchStatus(pod: DemoPod): void {
    this.server.patch(podsRef, pod, { status: podStatus(pod) });
    this.writes++;
  }

  /** Starts replacing a pod: it terminates (finalizer, then delete) and a new one is created. */
  private replace(now: number): boolean {
    const pod = this.pick(['running', 'crashloop', 'notready']);
    if (!pod) return false;
    const key = keyOf(pod);
    this.server.patch(podsRef, pod, { metadata: { finalizers: [FINALIZER] } });
    this.server.remove(podsRef, pod);
    this.writes += 2;
    this.terminating.add(key);
    this.followUp({ at: now + demoDefaults.terminationMs, key, kind: 'remove' });
    const replacement = newDemoPod(pod.replicaSet, this.random, now, this.created++);
    this.server.create(podsRef, podObject(replacement));
    this.writes++;
    this.track(replacement);
    this.followUp({ at: now + demoDefaults.startDelayMs, key: keyOf(replacement), kind: 'start' });
    return true;
  }

  private runFollowUp(followUp: FollowUp, now: number): void {
    const pod = this.pods.get(followUp.key);
    if (!pod) return;
    if (followUp.kind === 'remove') {
      this.server.patch(podsRef, pod, { metadata: { finalizers: null } });
      this.writes++;
      this.untrack(followUp.key);
      return;
    }
    pod.condition = 'running';
    pod.startedAt = timestamp(now);
    this.patchStatus(pod);
  }

  private followUp(followUp: FollowUp): void {
    this.followUps.push(followUp);
    this.followUps.sort((a, b) => a.at - b.at);
  }
}
