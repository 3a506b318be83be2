import type { FakeObject } from '@rxkube/testing';

/** Namespaces the benchmark pods are spread over. */
const NAMESPACES = 8;
/** Pods per ReplicaSet: names and owner references repeat as in a real cluster. */
const PODS_PER_REPLICA_SET = 25;

/**
 * A pod as a kube-apiserver returns it for a Deployment's replica: labels, an owner reference,
 * `managedFields` of the controller manager and the kubelet, one container with ports,
 * resources, probes and the projected service-account volume, and a running status with
 * conditions. About 2.65 KB of compact JSON once the server adds `uid`, `resourceVersion` and
 * `creationTimestamp`; every pod differs in its name, IPs, hashes and times, so no two objects
 * share strings a parser could intern.
 *
 * @example
 * ```ts
 * const pods = Array.from({ length: 3 }, (_, i) => realisticPod(i));
 * ```
 */
export function realisticPod(index: number): FakeObject {
  const app = `svc-${Math.floor(index / PODS_PER_REPLICA_SET) % 400}`;
  const hash = hex(index * 2654435761, 10);
  const suffix = hex(index * 40503 + 17, 5);
  const name = `${app}-${hash}-${suffix}`;
  const namespace = `team-${index % NAMESPACES}`;
  const ownerUid = uuid(Math.floor(index / PODS_PER_REPLICA_SET) + 1);
  const node = `node-${(index % 97).toString().padStart(3, '0')}`;
  const podIp = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const hostIp = `192.168.${Math.floor((index % 97) / 250)}.${(index % 97) + 2}`;
  const started = time(index);
  const ready = time(index + 7);
  const containerId = hex(index * 7919 + 3, 16).repeat(4);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      generateName: `${app}-${hash}-`,
      namespace,
      labels: { app, 'pod-template-hash': hash, tier: index % 3 === 0 ? 'backend' : 'frontend' },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: `${app}-${hash}`,
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
          time: started,
          fieldsType: 'FieldsV1',
          fieldsV1: {
            'f:metadata': {
              'f:generateName': {},
              'f:labels': { '.': {}, 'f:app': {}, 'f:pod-template-hash': {}, 'f:tier': {} },
              'f:ownerReferences': { '.': {}, [`k:{"uid":"${ownerUid}"}`]: {} },
            },
            'f:spec': {
              'f:containers': {
                'k:{"name":"app"}': {
                  '.': {},
                  'f:image': {},
                  'f:imagePullPolicy': {},
                  'f:name': {},
                  'f:resources': { '.': {}, 'f:limits': {}, 'f:requests': {} },
                },
              },
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
          time: ready,
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
      containers: [
        {
          name: 'app',
          image: `registry.example.com/${app}:1.${index % 40}.${index % 7}`,
          ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
          resources: {
            limits: { cpu: '500m', memory: '256Mi' },
            requests: { cpu: '100m', memory: '128Mi' },
          },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          imagePullPolicy: 'IfNotPresent',
        },
      ],
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      serviceAccountName: 'default',
      nodeName: node,
      priority: 0,
    },
    status: {
      phase: 'Running',
      conditions: [
        { type: 'Ready', status: 'True', lastTransitionTime: ready },
        { type: 'ContainersReady', status: 'True', lastTransitionTime: ready },
        { type: 'PodScheduled', status: 'True', lastTransitionTime: started },
      ],
      hostIP: hostIp,
      podIP: podIp,
      podIPs: [{ ip: podIp }],
      startTime: started,
      containerStatuses: [
        {
          name: 'app',
          state: { running: { startedAt: ready } },
          ready: true,
          restartCount: index % 5 === 0 ? 1 : 0,
          image: `registry.example.com/${app}:1.${index % 40}.${index % 7}`,
          containerID: `containerd://${containerId}`,
          started: true,
        },
      ],
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
