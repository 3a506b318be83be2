import { errorFromResponse, type KubeClient, type KubeObject, resourcePath } from '@rxkube/core';
import type { CrashLoopTransition } from './crash-loop-transition.js';

/** Who the Events say they come from (`kubectl get events` shows it as SOURCE). */
const COMPONENT = 'rxkube-node-controller';

/**
 * The controller's action: records a `Warning` Event on the pod (`kubectl describe pod` lists
 * it) and resolves with the Event's name. A refused write rejects with rxkube's typed error
 * (e.g. `HttpStatusError` 403 without RBAC permission to create events).
 *
 * @example
 * ```ts
 * import { recordCrashLoopEvent } from './record-crash-loop-event.js';
 * import type { CrashLoopTransition } from './crash-loop-transition.js';
 * declare const entered: Extract<CrashLoopTransition, { type: 'entered' }>;
 * const name = await recordCrashLoopEvent(client, entered); // 'web-0.crashloop-x7k2p'
 * ```
 */
export async function recordCrashLoopEvent(
  client: KubeClient,
  transition: Extract<CrashLoopTransition, { type: 'entered' }>,
): Promise<string> {
  const { pod, containers, restarts } = transition;
  const namespace = pod.metadata?.namespace ?? 'default';
  const name = pod.metadata?.name ?? '';
  const now = new Date().toISOString();
  const event = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { generateName: `${name}.crashloop-`, namespace },
    involvedObject: { apiVersion: 'v1', kind: 'Pod', namespace, name, uid: pod.metadata?.uid },
    type: 'Warning',
    reason: 'CrashLoopDetected',
    message: `container ${containers.join(', ')} is in CrashLoopBackOff after ${restarts} restarts`,
    source: { component: COMPONENT },
    firstTimestamp: now,
    lastTimestamp: now,
    count: 1,
  };
  const response = await client.transport.request({
    method: 'POST',
    path: resourcePath({ version: 'v1', resource: 'events', namespace }),
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(event),
  });
  const body = await response.text();
  if (response.status < 200 || response.status > 299) {
    throw errorFromResponse(response.status, body, (header) => response.header(header));
  }
  return (JSON.parse(body) as KubeObject).metadata?.name ?? '';
}
