import type { Pod } from './pod.js';
import { runningStatus } from './running-status.js';

/**
 * A pod of the embedded cluster: running on `nodeName`, or Pending (unscheduled) without one.
 *
 * @example
 * ```ts
 * import { examplePod } from './example-pod.js';
 * const pod = examplePod({ namespace: 'shop', name: 'cart-0001', app: 'cart' }, 'node-a');
 * ```
 */
export function examplePod(
  slot: { readonly namespace: string; readonly name: string; readonly app: string },
  nodeName: string | undefined,
): Pod {
  const { namespace, name, app } = slot;
  return {
    metadata: { namespace, name, labels: { app } },
    spec: {
      ...(nodeName === undefined ? {} : { nodeName }),
      containers: [{ name: 'app', image: `registry.example/${app}:1.4.2` }],
    },
    status:
      nodeName === undefined
        ? { phase: 'Pending' }
        : { phase: 'Running', containerStatuses: [runningStatus(0)] },
  };
}
