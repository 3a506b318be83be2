import type { CodeBlock } from './code-block.js';

/** Info-string languages whose blocks are compiled (`tsx` as TSX, with React's JSX). */
const TYPESCRIPT = new Set(['ts', 'typescript', 'tsx']);
/** The info-string flag that exempts a TypeScript block from compilation. */
const NOCHECK = 'nocheck';

/**
 * Whether a block is compiled: a `ts` (or `typescript`, or `tsx`) block without the `nocheck`
 * flag. ```` ```ts nocheck ```` keeps TypeScript highlighting for a fragment that is not meant to
 * compile.
 *
 * @example
 * ```ts
 * import { isCheckedBlock } from './is-checked-block.js';
 * isCheckedBlock({ language: 'ts', flags: ['nocheck'], code: '', line: 1, prelude: '' }); // false
 * ```
 */
export function isCheckedBlock(block: CodeBlock): boolean {
  return TYPESCRIPT.has(block.language) && !block.flags.includes(NOCHECK);
}
