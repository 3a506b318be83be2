/**
 * Options an example adds to the shared command line, by long name: `'string'` options take a
 * value, `'boolean'` ones are flags.
 *
 * @example
 * ```ts
 * import type { ExampleArgsExtra } from './example-args-extra.js';
 * const extra: ExampleArgsExtra = { act: 'boolean', replicas: 'string' };
 * ```
 */
export type ExampleArgsExtra = Readonly<Record<string, 'string' | 'boolean'>>;
