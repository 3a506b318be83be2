/**
 * A Markdown document to check: where it is (for messages) and its text.
 *
 * @example
 * ```ts
 * import type { MarkdownSource } from './markdown-source.js';
 * const source: MarkdownSource = { path: 'docs/concepts.md', markdown: '# Concepts\n' };
 * ```
 */
export interface MarkdownSource {
  /** The path shown in diagnostics, relative to the workspace root. */
  readonly path: string;
  readonly markdown: string;
}
