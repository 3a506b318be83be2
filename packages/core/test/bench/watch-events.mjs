/**
 * A realistic watch stream for benchmarks: Pod events of about 1.3 KB, in 64 KiB chunks. Plain
 * JavaScript (typed by watch-events.d.mts) so that scripts run without a TypeScript loader.
 */
export function podEvent(i) {
  return JSON.stringify({
    type: 'MODIFIED',
    object: {
      kind: 'Pod',
      apiVersion: 'v1',
      metadata: {
        name: `web-${i}`,
        namespace: 'default',
        uid: '39adc233-4e3e-4084-a28b-ef76a33d8ce3',
        resourceVersion: String(1000 + i),
        creationTimestamp: '2026-12-02T13:16:13Z',
        labels: { app: 'web', 'pod-template-hash': '5d9' },
        annotations: { note: 'héllo wörld ✓' },
        managedFields: [
          {
            manager: 'kubelet',
            operation: 'Update',
            apiVersion: 'v1',
            time: '2026-12-02T13:16:13Z',
            fieldsType: 'FieldsV1',
            fieldsV1: {
              'f:status': { 'f:conditions': { 'k:{"type":"Ready"}': { '.': {}, 'f:status': {} } } },
            },
          },
        ],
      },
      spec: {
        containers: [
          {
            name: 'web',
            image: 'nginx:1.27',
            ports: [{ containerPort: 80 }],
            resources: { limits: { cpu: '1', memory: '1Gi' } },
          },
        ],
        nodeName: 'n1',
        tolerations: [
          {
            key: 'node.kubernetes.io/not-ready',
            operator: 'Exists',
            effect: 'NoExecute',
            tolerationSeconds: 300,
          },
        ],
      },
      status: {
        phase: 'Running',
        podIP: '10.0.0.1',
        hostIP: '10.1.0.1',
        conditions: [
          { type: 'Ready', status: 'True', lastTransitionTime: '2026-12-02T13:16:13Z' },
          { type: 'ContainersReady', status: 'True' },
        ],
        containerStatuses: [
          {
            name: 'web',
            ready: true,
            restartCount: 0,
            image: 'nginx:1.27',
            imageID: 'docker-pullable://nginx@sha256:abcdef',
            containerID: 'containerd://0123456789abcdef',
            started: true,
            state: { running: { startedAt: '2026-12-02T13:16:14Z' } },
          },
        ],
      },
    },
  });
}

/** Bytes per chunk, as a socket would deliver them. */
export const CHUNK_BYTES = 64 * 1024;

/** `events` pod events as lines, as bytes, as chunks, and parsed. */
export function watchStream(events) {
  const lines = Array.from({ length: events }, (_, i) => podEvent(i));
  const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);
  const chunks = [];
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    chunks.push(bytes.subarray(offset, offset + CHUNK_BYTES));
  }
  return { lines, bytes, chunks, parsed: lines.map((line) => JSON.parse(line)) };
}
