import type { DemoApp } from './demo-apps.js';
import { NAME_ALPHABET, type Random } from './random.js';

/** A ReplicaSet of the demo: one per app, named after the app and its pod-template hash. */
export interface DemoReplicaSet {
  readonly app: DemoApp;
  readonly name: string;
  readonly hash: string;
  readonly uid: string;
}

/** What a pod is doing, as the demo's simulated kubelet sees it. */
export type PodCondition = 'creating' | 'running' | 'crashloop' | 'notready';

/** The demo's own record of a pod, from which its JSON is rendered. */
export interface DemoPod {
  readonly replicaSet: DemoReplicaSet;
  readonly namespace: string;
  readonly name: string;
  readonly node: string;
  readonly hostIP: string;
  readonly podIP: string;
  readonly createdAt: string;
  condition: PodCondition;
  restarts: number;
  startedAt: string;
  lastFinishedAt?: string;
}

const NODES = 12;
const SUFFIX = 5;
const CONTAINER_ID = 64;
const IP_OCTET = 250;

/** A timestamp as the API server writes them: seconds, UTC. */
export function timestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** A new pod of a ReplicaSet, not yet started. */
export function newDemoPod(replicaSet: DemoReplicaSet, random: Random, now: number): DemoPod {
  const node = 1 + random.int(NODES);
  return {
    replicaSet,
    namespace: replicaSet.app.namespace,
    name: `${replicaSet.name}-${random.text(NAME_ALPHABET, SUFFIX)}`,
    node: `pool-a-${node}`,
    hostIP: `10.0.1.${10 + node}`,
    podIP: `10.244.${node}.${2 + random.int(IP_OCTET)}`,
    createdAt: timestamp(now),
    condition: 'creating',
    restarts: 0,
    startedAt: timestamp(now),
  };
}

function containers(app: DemoApp): { name: string; image: string }[] {
  const main = { name: app.name, image: app.image };
  if (!app.sidecar) return [main];
  return [main, { name: 'log-shipper', image: 'registry.example.com/platform/log-shipper:2.4.1' }];
}

/** The pod's `status`, for its condition, as a kubelet reports it. */
export function podStatus(pod: DemoPod, random: Random): Record<string, unknown> {
  const ready = pod.condition === 'running';
  const started = pod.condition !== 'creating';
  const since = pod.startedAt;
  const condition = (type: string, status: boolean) => ({
    type,
    status: status ? 'True' : 'False',
    lastProbeTime: null,
    lastTransitionTime: type === 'PodScheduled' ? pod.createdAt : since,
    ...(status || type === 'PodScheduled' || type === 'Initialized'
      ? {}
      : { reason: 'ContainersNotReady' }),
  });
  const containerStatuses = containers(pod.replicaSet.app).map((container, index) => {
    const main = index === 0;
    const crashing = main && pod.condition === 'crashloop';
    const state = !started
      ? { waiting: { reason: 'ContainerCreating' } }
      : crashing
        ? {
            waiting: {
              reason: 'CrashLoopBackOff',
              message: `back-off 10s restarting failed container=${container.name} pod=${pod.name}`,
            },
          }
        : { running: { startedAt: since } };
    const lastState =
      main && pod.lastFinishedAt
        ? {
            terminated: {
              exitCode: 1,
              reason: 'Error',
              startedAt: pod.createdAt,
              finishedAt: pod.lastFinishedAt,
              containerID: `containerd://${random.hex(CONTAINER_ID)}`,
            },
          }
        : {};
    return {
      name: container.name,
      state,
      lastState,
      ready: started && !crashing && (pod.condition !== 'notready' || !main),
      restartCount: main ? pod.restarts : 0,
      image: container.image,
      imageID: `${container.image.split(':')[0]}@sha256:${random.hex(CONTAINER_ID)}`,
      ...(started ? { containerID: `containerd://${random.hex(CONTAINER_ID)}` } : {}),
      started,
    };
  });
  return {
    phase: started ? 'Running' : 'Pending',
    conditions: [
      condition('PodReadyToStartContainers', started),
      condition('Initialized', true),
      condition('Ready', ready),
      condition('ContainersReady', ready),
      condition('PodScheduled', true),
    ],
    hostIP: pod.hostIP,
    hostIPs: [{ ip: pod.hostIP }],
    ...(started ? { podIP: pod.podIP, podIPs: [{ ip: pod.podIP }] } : {}),
    startTime: pod.createdAt,
    containerStatuses,
    qosClass: 'Burstable',
  };
}

/** The whole pod as the API server would store it, with owner, spec, status and managed fields. */
export function podObject(pod: DemoPod, random: Random): Record<string, unknown> {
  const { app } = pod.replicaSet;
  const token = `kube-api-access-${random.text(NAME_ALPHABET, SUFFIX)}`;
  const labels = {
    'app.kubernetes.io/name': app.name,
    'app.kubernetes.io/part-of': app.namespace,
    'pod-template-hash': pod.replicaSet.hash,
  };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: pod.name,
      generateName: `${pod.replicaSet.name}-`,
      namespace: pod.namespace,
      labels,
      annotations: { 'kubectl.kubernetes.io/default-container': app.name },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: pod.replicaSet.name,
          uid: pod.replicaSet.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
      managedFields: [
        {
          manager: 'kube-controller-manager',
          operation: 'Update',
          apiVersion: 'v1',
          time: pod.createdAt,
          fieldsType: 'FieldsV1',
          fieldsV1: {
            'f:metadata': {
              'f:generateName': {},
              'f:labels': { '.': {}, 'f:app.kubernetes.io/name': {}, 'f:pod-template-hash': {} },
              'f:ownerReferences': { '.': {}, [`k:{"uid":"${pod.replicaSet.uid}"}`]: {} },
            },
            'f:spec': {
              'f:containers': { [`k:{"name":"${app.name}"}`]: { '.': {}, 'f:image': {} } },
              'f:restartPolicy': {},
              'f:terminationGracePeriodSeconds': {},
            },
          },
        },
        {
          manager: 'kubelet',
          operation: 'Update',
          apiVersion: 'v1',
          time: pod.startedAt,
          fieldsType: 'FieldsV1',
          fieldsV1: {
            'f:status': {
              'f:conditions': {},
              'f:containerStatuses': {},
              'f:hostIP': {},
              'f:phase': {},
              'f:podIP': {},
              'f:startTime': {},
            },
          },
          subresource: 'status',
        },
      ],
    },
    spec: {
      containers: containers(app).map((container, index) => ({
        name: container.name,
        image: container.image,
        ...(index === 0
          ? {
              ports: [{ name: 'http', containerPort: app.port, protocol: 'TCP' }],
              readinessProbe: {
                httpGet: { path: '/healthz', port: app.port, scheme: 'HTTP' },
                periodSeconds: 10,
                timeoutSeconds: 1,
                successThreshold: 1,
                failureThreshold: 3,
              },
            }
          : {}),
        resources: {
          requests: {
            cpu: index === 0 ? '100m' : '10m',
            memory: index === 0 ? app.memory : '32Mi',
          },
          limits: { memory: index === 0 ? app.memory : '64Mi' },
        },
        volumeMounts: [
          {
            name: token,
            readOnly: true,
            mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
          },
        ],
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
        imagePullPolicy: 'IfNotPresent',
      })),
      volumes: [
        {
          name: token,
          projected: {
            sources: [
              { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
              {
                configMap: {
                  name: 'kube-root-ca.crt',
                  items: [{ key: 'ca.crt', path: 'ca.crt' }],
                },
              },
            ],
            defaultMode: 420,
          },
        },
      ],
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      serviceAccountName: 'default',
      serviceAccount: 'default',
      nodeName: pod.node,
      securityContext: {},
      schedulerName: 'default-scheduler',
      tolerations: [
        {
          key: 'node.kubernetes.io/not-ready',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
        {
          key: 'node.kubernetes.io/unreachable',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
      ],
      priority: 0,
      enableServiceLinks: true,
      preemptionPolicy: 'PreemptLowerPriority',
    },
    status: podStatus(pod, random),
  };
}
