/**
 * A fenced code block found in a Markdown file.
 *
 * @example
 * ```ts
 * import type { CodeBlock } from './code-block.js';
 * const block: CodeBlock = { language: 'ts', flags: [], code: 'const a = 1;', line: 3, prelude: '' };
 * ```
 */
export interface CodeBlock {
  /** The first word of the info string, lower-cased (`ts`, `typescript`, `sh`, `text`, …). */
  readonly language: string;
  /** The remaining words of the info string, e.g. `['nocheck']`. */
  readonly flags: readonly string[];
  /** The code, with the fence's indentation removed. */
  readonly code: string;
  /** The 1-based line of the Markdown file on which the code starts (the line after the fence). */
  readonly line: number;
  /**
   * Hidden context: the text of a `<!-- prelude … -->` comment right before the fence, or `''`.
   * It is compiled in front of the code but not shown by Markdown renderers.
   */
  readonly prelude: string;
}
