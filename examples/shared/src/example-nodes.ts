/**
 * The nodes of the embedded cluster.
 *
 * @example
 * ```ts
 * import { EXAMPLE_NODES } from './example-nodes.js';
 * console.log(EXAMPLE_NODES.length); // 4
 * ```
 */
export const EXAMPLE_NODES = ['node-a', 'node-b', 'node-c', 'node-d'] as const;
