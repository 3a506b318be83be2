/**
 * A compiler error in a code block, located in the Markdown file.
 *
 * @example
 * ```ts
 * import type { BlockDiagnostic } from './block-diagnostic.js';
 * const d: BlockDiagnostic = { path: 'README.md', line: 30, column: 5, code: 2304, message: "Cannot find name 'x'." };
 * ```
 */
export interface BlockDiagnostic {
  /** The Markdown file. */
  readonly path: string;
  /** 1-based line in the Markdown file; a problem in a block's prelude points at its fence. */
  readonly line: number;
  /** 1-based column within the code line. */
  readonly column: number;
  /** The TypeScript error code (`TS2304` → 2304). */
  readonly code: number;
  readonly message: string;
}
