import type { FakeObject } from '../objects/fake-object.js';
import type { RealisticPodOptions } from './realistic-pod-options.js';

/** Namespaces the pods are spread over. */
const NAMESPACES = 8;
/** Pods per ReplicaSet: names and owner references repeat as in a real cluster. */
const PODS_PER_REPLICA_SET = 25;
/** Spreads the container ids of a pod's further containers away from its first one's. */
const CONTAINER_SEED_STEP = 104_729;

type PodState = NonNullable<RealisticPodOptions['state']>;

/**
 * A pod as a kube-apiserver returns it for a Deployment's replica: labels, an owner reference,
 * `managedFields` of the controller manager and the kubelet, containers with ports and
 * resources, and a status with conditions. Everything not given in `options` is derived from
 * `index`, so a pod is the same on every call: with no options, about 2.65 KB of compact JSON
 * once the server adds `uid`, `resourceVersion` and `creationTimestamp`, and every pod differs
 * in its name, IPs, hashes and times, so no two objects share strings a parser could intern.
 * `options` set whose pod it is and what its containers are doing (see
 * {@link RealisticPodOptions}).
 *
 * @example
 * ```ts
 * import { realisticPod } from '@rxkube/testing';
 * const pods = Array.from({ length: 3 }, (_, i) => realisticPod(i));
 * const crashing = realisticPod(3, { namespace: 'shop', app: 'cart', state: 'crashloop' });
 * ```
 */
export function realisticPod(index: number, options: RealisticPodOptions = {}): FakeObject {
  const replicaSetIndex = Math.floor(index / PODS_PER_REPLICA_SET);
  const app = options.app ?? `svc-${replicaSetIndex % 400}`;
  const hash = options.replicaSet?.hash ?? hex(index * 2654435761, 10);
  const replicaSet = options.replicaSet?.name ?? `${app}-${hash}`;
  const ownerUid = options.replicaSet?.uid ?? uuid(replicaSetIndex + 1);
  const name = options.name ?? `${replicaSet}-${hex(index * 40503 + 17, 5)}`;
  const namespace = options.namespace ?? `team-${index % NAMESPACES}`;
  const node = `node-${(index % 97).toString().padStart(3, '0')}`;
  const podIp = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const hostIp = `192.168.${Math.floor((index % 97) / 250)}.${(index % 97) + 2}`;
  const created = options.createdAt ?? time(index);
  const started = options.startedAt ?? time(index + 7);
  const state: PodState = options.state ?? 'running';
  const restarts = options.restarts ?? (index % 5 === 0 ? 1 : 0);
  const containers = options.containers ?? [
    { name: 'app', image: `registry.example.com/${app}:1.${index % 40}.${index % 7}` },
  ];
  const running = state !== 'creating';
  const ready = state === 'running';
  const readiness = (type: string) => ({
    type,
    status: ready ? 'True' : 'False',
    lastTransitionTime: started,
    ...(ready ? {} : { reason: 'ContainersNotReady' }),
  });
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      generateName: `${replicaSet}-`,
      namespace,
      labels: { app, 'pod-template-hash': hash, tier: index % 3 === 0 ? 'backend' : 'frontend' },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: replicaSet,
          uid: ownerUid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
      managedFields: [
        {
          manager: 'kube-controller-manager',
          operation: 'Update',
          apiVersion: 'v1',
          time: created,
          fieldsType: 'FieldsV1',
          fieldsV1: {
            'f:metadata': {
              'f:generateName': {},
              'f:labels': { '.': {}, 'f:app': {}, 'f:pod-template-hash': {}, 'f:tier': {} },
              'f:ownerReferences': { '.': {}, [`k:{"uid":"${ownerUid}"}`]: {} },
            },
            'f:spec': {
              'f:containers': Object.fromEntries(
                containers.map((container) => [
                  `k:{"name":"${container.name}"}`,
                  {
                    '.': {},
                    'f:image': {},
                    'f:imagePullPolicy': {},
                    'f:name': {},
                    'f:resources': { '.': {}, 'f:limits': {}, 'f:requests': {} },
                  },
                ]),
              ),
              'f:dnsPolicy': {},
              'f:restartPolicy': {},
              'f:terminationGracePeriodSeconds': {},
            },
          },
        },
        {
          manager: 'kubelet',
          operation: 'Update',
          apiVersion: 'v1',
          time: started,
          fieldsType: 'FieldsV1',
          fieldsV1: {
            'f:status': {
              'f:conditions': {
                'k:{"type":"ContainersReady"}': { '.': {}, 'f:status': {}, 'f:type': {} },
                'k:{"type":"Ready"}': { '.': {}, 'f:status': {}, 'f:type': {} },
              },
              'f:containerStatuses': {},
              'f:podIP': {},
              'f:startTime': {},
            },
          },
          subresource: 'status',
        },
      ],
    },
    spec: {
      containers: containers.map((container, at) => ({
        name: container.name,
        image: container.image,
        ...(at === 0 ? { ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }] } : {}),
        resources:
          at === 0
            ? {
                limits: { cpu: '500m', memory: '256Mi' },
                requests: { cpu: '100m', memory: '128Mi' },
              }
            : { limits: { cpu: '100m', memory: '64Mi' }, requests: { cpu: '10m', memory: '32Mi' } },
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
        imagePullPolicy: 'IfNotPresent',
      })),
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      serviceAccountName: 'default',
      nodeName: node,
      priority: 0,
    },
    status: {
      phase: running ? 'Running' : 'Pending',
      conditions: [
        readiness('Ready'),
        readiness('ContainersReady'),
        { type: 'PodScheduled', status: 'True', lastTransitionTime: created },
      ],
      hostIP: hostIp,
      ...(running ? { podIP: podIp, podIPs: [{ ip: podIp }] } : {}),
      startTime: created,
      containerStatuses: containers.map((container, at) => {
        const crashing = at === 0 && state === 'crashloop';
        const lastFinishedAt = at === 0 ? options.lastFinishedAt : undefined;
        return {
          name: container.name,
          state: !running
            ? { waiting: { reason: 'ContainerCreating' } }
            : crashing
              ? {
                  waiting: {
                    reason: 'CrashLoopBackOff',
                    message: `back-off 10s restarting failed container=${container.name} pod=${name}`,
                  },
                }
              : { running: { startedAt: started } },
          ...(lastFinishedAt === undefined
            ? {}
            : {
                lastState: {
                  terminated: {
                    exitCode: 1,
                    reason: 'Error',
                    startedAt: created,
                    finishedAt: lastFinishedAt,
                  },
                },
              }),
          ready: running && !crashing && !(at === 0 && state === 'notready'),
          restartCount: at === 0 ? restarts : 0,
          image: container.image,
          ...(running
            ? {
                containerID: `containerd://${hex(index * 7919 + 3 + at * CONTAINER_SEED_STEP, 16).repeat(4)}`,
              }
            : {}),
          started: running,
        };
      }),
      qosClass: 'Burstable',
    },
  };
}

/** A deterministic lowercase hex string of `length` digits derived from `seed`. */
function hex(seed: number, length: number): string {
  let x = (seed >>> 0) ^ 0x9e3779b9;
  let out = '';
  while (out.length < length) {
    x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) >>> 0;
    x = (x ^ (x >>> 12)) >>> 0;
    out += x.toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
}

function uuid(seed: number): string {
  const h = hex(seed, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
}

/** An RFC 3339 time some seconds into one day, spread by `seed`. */
function time(seed: number): string {
  const base = Date.UTC(2025, 0, 1);
  return new Date(base + (seed % 86_400) * 1000).toISOString().replace('.000Z', 'Z');
}
