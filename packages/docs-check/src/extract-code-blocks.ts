import type { CodeBlock } from './code-block.js';

const FENCE = /^( {0,3})(`{3,}|~{3,})\s*([^`]*)$/;
const PRELUDE_OPEN = /^\s*<!--\s*prelude\s*$/;
const PRELUDE_CLOSE = /^\s*-->\s*$/;

/**
 * The fenced code blocks of a Markdown document, in order, each with the line it starts on and
 * the hidden prelude written right before it:
 *
 * ````md
 * <!-- prelude
 * declare const pods$: Observable<CollectionState<Pod>>;
 * -->
 * ```ts
 * pods$.subscribe(…);
 * ```
 * ````
 *
 * Fences may be indented (inside list items); the indentation is removed from the code. A prelude
 * comment applies only to the fence that follows it, with nothing but blank lines in between.
 *
 * @example
 * ```ts
 * import { extractCodeBlocks } from './extract-code-blocks.js';
 * extractCodeBlocks('# Title\n\n```ts nocheck\nlet x;\n```\n');
 * // [{ language: 'ts', flags: ['nocheck'], code: 'let x;', line: 4, prelude: '' }]
 * ```
 */
export function extractCodeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  let prelude: string[] | undefined;
  let pendingPrelude = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (prelude !== undefined) {
      if (PRELUDE_CLOSE.test(line)) {
        pendingPrelude = prelude.join('\n');
        prelude = undefined;
      } else prelude.push(line);
      continue;
    }
    if (PRELUDE_OPEN.test(line)) {
      prelude = [];
      continue;
    }
    const open = FENCE.exec(line);
    if (open === null) {
      if (line.trim() !== '') pendingPrelude = '';
      continue;
    }
    const indent = open[1]?.length ?? 0;
    const fence = open[2] ?? '';
    const [language = '', ...flags] = (open[3] ?? '').trim().split(/\s+/).filter(Boolean);
    const code: string[] = [];
    const start = i + 1;
    for (i = start; i < lines.length; i++) {
      const inner = lines[i] ?? '';
      if (isClosingFence(inner, fence)) break;
      code.push(stripIndent(inner, indent));
    }
    blocks.push({
      language: language.toLowerCase(),
      flags,
      code: code.join('\n'),
      line: start + 1,
      prelude: pendingPrelude,
    });
    pendingPrelude = '';
  }
  return blocks;
}

function isClosingFence(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= fence.length && trimmed === fence.charAt(0).repeat(trimmed.length);
}

function stripIndent(line: string, indent: number): string {
  let n = 0;
  while (n < indent && line[n] === ' ') n++;
  return line.slice(n);
}
