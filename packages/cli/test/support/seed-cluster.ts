import { FakeApiServer } from '@rxkube/testing';

export const podsRef = { version: 'v1', resource: 'pods' } as const;
export const configMapsRef = { version: 'v1', resource: 'configmaps' } as const;
export const deploymentsRef = { group: 'apps', version: 'v1', resource: 'deployments' } as const;
export const widgetsRef = { group: 'example.com', version: 'v1', resource: 'widgets' } as const;

/** A running pod with one ready container. */
export function runningPod(namespace: string, name: string): object {
  return {
    metadata: { name, namespace },
    spec: { containers: [{ name: 'app', image: 'example/app:1' }] },
    status: {
      phase: 'Running',
      containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: { running: {} } }],
    },
  };
}

/** A fake server with pods in two namespaces, a config map, a deployment and a custom resource. */
export async function seededServer(): Promise<FakeApiServer> {
  const server = await FakeApiServer.start();
  server.registerResource({
    group: 'example.com',
    version: 'v1',
    resource: 'widgets',
    kind: 'Widget',
    namespaced: true,
    shortNames: ['wd'],
    singular: 'widget',
  });
  server.create(podsRef, runningPod('default', 'web-0'));
  server.create(podsRef, {
    ...runningPod('default', 'web-1'),
    status: {
      phase: 'Running',
      containerStatuses: [
        {
          name: 'app',
          ready: false,
          restartCount: 4,
          state: { waiting: { reason: 'CrashLoopBackOff' } },
        },
      ],
    },
  });
  server.create(podsRef, runningPod('team', 'api-0'));
  server.create(configMapsRef, { metadata: { name: 'settings', namespace: 'default' }, data: {} });
  server.create(deploymentsRef, {
    metadata: { name: 'web', namespace: 'default' },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: {} },
    status: { readyReplicas: 1, updatedReplicas: 2, availableReplicas: 1 },
  });
  server.create(widgetsRef, { metadata: { name: 'gizmo', namespace: 'default' }, spec: {} });
  return server;
}

/** The lines of a table, split into their cells. */
export function tableCells(output: string): string[][] {
  return output
    .trimEnd()
    .split('\n')
    .map((line) => line.trim().split(/\s{2,}/));
}
