// The objects of the printing matrix, as a user would write them. `capture-goldens.mjs` creates
// them on a real kube-apiserver, reads back what its defaulting made of them and commits that as
// `objects.json`, which both servers are then loaded from.
const ns = 'golden';
const container = (name, image) => ({
  name,
  image,
  ports: [{ containerPort: 8080, protocol: 'TCP' }],
});
const template = (labels) => ({
  metadata: { labels },
  spec: { containers: [container('web', 'nginx:1.19'), container('sidecar', 'envoy:1.16')] },
});
const running = () => ({ running: { startedAt: '2020-01-01T00:00:00Z' } });
export const seedObjects = [
  {
    path: '/api/v1/namespaces',
    object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns, labels: { team: 'a' } } },
  },
  {
    path: `/api/v1/namespaces/${ns}/pods`,
    object: {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-1', labels: { app: 'web', tier: 'front' } },
      spec: {
        nodeName: 'node-a',
        containers: [container('web', 'nginx:1.19'), container('sidecar', 'envoy:1.16')],
      },
    },
    status: {
      phase: 'Running',
      qosClass: 'BestEffort',
      podIP: '10.1.0.5',
      podIPs: [{ ip: '10.1.0.5' }],
      hostIP: '192.168.1.10',
      startTime: '2020-01-01T00:00:00Z',
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          lastProbeTime: null,
          lastTransitionTime: '2020-01-01T00:00:00Z',
        },
      ],
      containerStatuses: [
        {
          name: 'sidecar',
          ready: true,
          restartCount: 0,
          started: true,
          image: 'envoy:1.16',
          imageID: '',
          state: running(),
        },
        {
          name: 'web',
          ready: true,
          restartCount: 2,
          started: true,
          image: 'nginx:1.19',
          imageID: '',
          state: running(),
        },
      ],
    },
  },
  {
    path: `/api/v1/namespaces/${ns}/pods`,
    object: {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-2', labels: { app: 'web' } },
      spec: { containers: [container('web', 'nginx:1.19')] },
    },
    status: { phase: 'Pending', qosClass: 'BestEffort' },
  },
  {
    path: `/api/v1/namespaces/${ns}/pods`,
    object: {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'crash', labels: { app: 'batch' } },
      spec: { nodeName: 'node-b', containers: [container('main', 'busybox:1.32')] },
    },
    status: {
      phase: 'Running',
      qosClass: 'BestEffort',
      podIP: '10.1.0.7',
      podIPs: [{ ip: '10.1.0.7' }],
      containerStatuses: [
        {
          name: 'main',
          ready: false,
          restartCount: 5,
          started: false,
          image: 'busybox:1.32',
          imageID: '',
          state: {
            waiting: {
              reason: 'CrashLoopBackOff',
              message: 'back-off 5m0s restarting failed container',
            },
          },
        },
      ],
    },
  },
  {
    path: `/api/v1/namespaces/${ns}/pods`,
    object: {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'done', labels: { app: 'batch' } },
      spec: {
        restartPolicy: 'Never',
        nodeName: 'node-a',
        containers: [container('main', 'busybox:1.32')],
      },
    },
    status: {
      phase: 'Succeeded',
      qosClass: 'BestEffort',
      containerStatuses: [
        {
          name: 'main',
          ready: false,
          restartCount: 0,
          started: false,
          image: 'busybox:1.32',
          imageID: '',
          state: {
            terminated: {
              exitCode: 0,
              reason: 'Completed',
              startedAt: '2020-01-01T00:00:00Z',
              finishedAt: '2020-01-01T00:01:00Z',
            },
          },
        },
      ],
    },
  },
  {
    path: `/api/v1/namespaces/${ns}/services`,
    object: {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: {
        clusterIP: '10.0.0.50',
        selector: { app: 'web', tier: 'front' },
        ports: [
          { name: 'http', port: 80, targetPort: 8080 },
          { name: 'metrics', port: 9090, protocol: 'UDP' },
        ],
      },
    },
  },
  {
    path: `/api/v1/namespaces/${ns}/services`,
    object: {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'lb' },
      spec: {
        type: 'LoadBalancer',
        clusterIP: '10.0.0.51',
        selector: { app: 'web' },
        ports: [{ port: 443, targetPort: 8443, nodePort: 30443 }],
      },
    },
    status: { loadBalancer: { ingress: [{ ip: '203.0.113.10' }] } },
  },
  {
    path: `/api/v1/namespaces/${ns}/services`,
    object: {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'ext' },
      spec: { type: 'ExternalName', externalName: 'db.example.com' },
    },
  },
  {
    path: `/apis/apps/v1/namespaces/${ns}/deployments`,
    object: {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: {
        replicas: 3,
        selector: {
          matchLabels: { app: 'web' },
          matchExpressions: [{ key: 'tier', operator: 'In', values: ['front', 'edge'] }],
        },
        template: template({ app: 'web', tier: 'front' }),
      },
    },
    status: {
      observedGeneration: 1,
      replicas: 3,
      updatedReplicas: 3,
      readyReplicas: 2,
      availableReplicas: 2,
      unavailableReplicas: 1,
    },
  },
  {
    path: `/apis/apps/v1/namespaces/${ns}/replicasets`,
    object: {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'web-5d9f', labels: { app: 'web' } },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: 'web' } },
        template: template({ app: 'web' }),
      },
    },
    status: {
      observedGeneration: 1,
      replicas: 3,
      fullyLabeledReplicas: 3,
      readyReplicas: 2,
      availableReplicas: 2,
    },
  },
  {
    path: `/api/v1/namespaces/${ns}/configmaps`,
    object: {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'settings', labels: { app: 'web' } },
      data: {
        yes: 'yes',
        on: 'on',
        off: 'Off',
        null: 'null',
        tilde: '~',
        number: '123',
        float: '1.5',
        octal: '0755',
        date: '2020-01-01',
        empty: '',
        colon: 'a: b',
        hash: '# not a comment',
        star: '*ref',
        long: 'word '.repeat(40).trim(),
        multi: 'line one\nline two\n',
        indent: '  leading',
        quote: 'it\'s "quoted"',
        html: '<b>&</b>',
      },
    },
  },
  {
    path: `/api/v1/namespaces/${ns}/configmaps`,
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'empty' } },
  },
  {
    path: `/api/v1/namespaces/${ns}/secrets`,
    object: {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'creds' },
      type: 'Opaque',
      data: { user: 'YWRtaW4=', password: 'czNjcjN0' },
    },
  },
  {
    path: `/api/v1/namespaces/${ns}/secrets`,
    object: {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'tls' },
      type: 'kubernetes.io/tls',
      data: { 'tls.crt': 'Y2VydA==', 'tls.key': 'a2V5' },
    },
  },
  {
    path: '/api/v1/nodes',
    object: {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: 'node-a',
        labels: { 'node-role.kubernetes.io/master': '', 'kubernetes.io/hostname': 'node-a' },
      },
      spec: {},
    },
    status: {
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          lastHeartbeatTime: '2020-01-01T00:00:00Z',
          lastTransitionTime: '2020-01-01T00:00:00Z',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
        },
      ],
      addresses: [
        { type: 'InternalIP', address: '192.168.1.10' },
        { type: 'Hostname', address: 'node-a' },
      ],
      nodeInfo: {
        machineID: '',
        systemUUID: '',
        bootID: '',
        kernelVersion: '5.10.0-8-amd64',
        osImage: 'Debian GNU/Linux 11 (bullseye)',
        containerRuntimeVersion: 'containerd://1.4.4',
        kubeletVersion: 'v1.20.2',
        kubeProxyVersion: 'v1.20.2',
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  },
  {
    path: '/api/v1/nodes',
    object: {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: 'node-b',
        labels: { 'kubernetes.io/role': 'worker', 'node-role.kubernetes.io/gpu': 'true' },
      },
      spec: { unschedulable: true },
    },
    status: {
      conditions: [
        {
          type: 'Ready',
          status: 'False',
          lastHeartbeatTime: '2020-01-01T00:00:00Z',
          lastTransitionTime: '2020-01-01T00:00:00Z',
          reason: 'KubeletNotReady',
          message: 'runtime network not ready',
        },
      ],
      addresses: [
        { type: 'InternalIP', address: '192.168.1.11' },
        { type: 'ExternalIP', address: '198.51.100.7' },
      ],
      nodeInfo: {
        machineID: '',
        systemUUID: '',
        bootID: '',
        kernelVersion: '',
        osImage: '',
        containerRuntimeVersion: '',
        kubeletVersion: 'v1.19.7',
        kubeProxyVersion: '',
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  },
  {
    path: `/api/v1/namespaces/${ns}/events`,
    object: {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'web-1.started' },
      involvedObject: {
        kind: 'Pod',
        namespace: ns,
        name: 'web-1',
        fieldPath: 'spec.containers{web}',
      },
      reason: 'Started',
      message: 'Started container web',
      type: 'Normal',
      count: 3,
      source: { component: 'kubelet', host: 'node-a' },
      firstTimestamp: '2020-01-01T00:00:00Z',
      lastTimestamp: '2020-01-02T00:00:00Z',
      reportingComponent: '',
      reportingInstance: '',
    },
  },
  {
    path: `/api/v1/namespaces/${ns}/events`,
    object: {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'crash.backoff' },
      involvedObject: { kind: 'Pod', namespace: ns, name: 'crash' },
      reason: 'BackOff',
      message: 'Back-off restarting failed container  \n',
      type: 'Warning',
      source: { component: 'kubelet' },
      firstTimestamp: '2020-01-01T00:00:00Z',
      lastTimestamp: null,
      reportingComponent: '',
      reportingInstance: '',
    },
  },
  {
    path: `/apis/coordination.k8s.io/v1/namespaces/${ns}/leases`,
    object: {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'leader' },
      spec: { holderIdentity: 'web-1_8f2c', leaseDurationSeconds: 15 },
    },
  },
  {
    path: `/apis/coordination.k8s.io/v1/namespaces/${ns}/leases`,
    object: {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'idle' },
      spec: {},
    },
  },
  {
    path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
    object: {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        scope: 'Namespaced',
        names: {
          plural: 'widgets',
          singular: 'widget',
          kind: 'Widget',
          listKind: 'WidgetList',
          shortNames: ['wd'],
          categories: ['all'],
        },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  spec: {
                    type: 'object',
                    properties: {
                      size: { type: 'string' },
                      replicas: { type: 'integer' },
                      color: { type: 'string' },
                      weight: { type: 'number' },
                    },
                  },
                  status: {
                    type: 'object',
                    properties: {
                      ready: { type: 'boolean' },
                      conditions: {
                        type: 'array',
                        items: {
                          type: 'object',
                          properties: { type: { type: 'string' }, status: { type: 'string' } },
                        },
                      },
                    },
                  },
                },
              },
            },
            subresources: { status: {} },
            additionalPrinterColumns: [
              {
                name: 'Size',
                type: 'string',
                jsonPath: '.spec.size',
                description: 'How big it is',
              },
              { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
              { name: 'Ready', type: 'boolean', jsonPath: '.status.ready' },
              {
                name: 'Available',
                type: 'string',
                jsonPath: '.status.conditions[?(@.type=="Available")].status',
              },
              { name: 'Weight', type: 'number', jsonPath: '.spec.weight', priority: 1 },
              { name: 'Color', type: 'string', jsonPath: '.spec.color', priority: 1 },
              { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
            ],
          },
        ],
      },
    },
  },
  {
    path: `/apis/example.com/v1/namespaces/${ns}/widgets`,
    object: {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w1', labels: { app: 'web' } },
      spec: { size: 'large', replicas: 2, color: 'red', weight: 1.5 },
    },
    status: { ready: true, conditions: [{ type: 'Available', status: 'True' }] },
  },
  {
    path: `/apis/example.com/v1/namespaces/${ns}/widgets`,
    object: {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w2' },
      spec: { size: 'small' },
    },
  },
];
