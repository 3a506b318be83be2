/**
 * The doc comments of a TypeScript source as Markdown, line for line: every line of a `/** … *\/`
 * comment without its leading `*`, every other line blank. The code blocks found in it (the
 * `@example` blocks) therefore carry the line numbers of the source file.
 *
 * @example
 * ```ts
 * import { docCommentMarkdown } from './doc-comment-markdown.js';
 * docCommentMarkdown(['/**', ' * ```ts', ' * f();', ' * ```', ' *\/', 'function f() {}'].join('\n'));
 * // '\n```ts\nf();\n```\n\n'
 * ```
 */
export function docCommentMarkdown(source: string): string {
  const out: string[] = [];
  let inComment = false;
  for (const line of source.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!inComment) {
      inComment = trimmed.startsWith('/**') && !trimmed.endsWith('*/');
      out.push('');
    } else if (trimmed.endsWith('*/')) {
      inComment = false;
      out.push('');
    } else {
      out.push(
        trimmed === '*' ? '' : trimmed.startsWith('* ') ? line.replace(/^\s*\* /, '') : trimmed,
      );
    }
  }
  return out.join('\n');
}
