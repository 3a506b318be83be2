import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docCommentMarkdown } from './doc-comment-markdown.js';
import type { MarkdownSource } from './markdown-source.js';

/** The published packages, whose doc comments are the API reference. */
const PUBLISHED = ['angular', 'cli', 'core', 'node', 'testing'];

/**
 * The doc comments of the published packages' public sources (the files each package's
 * `src/index.ts` exports from, and the index itself) as Markdown, line for line, so that their
 * `@example` blocks compile like the documentation's and errors point at source lines.
 *
 * @example
 * ```ts
 * import { sourceDocFiles } from './source-doc-files.js';
 * sourceDocFiles('/path/to/rxkube').map((f) => f.path); // ['packages/angular/src/index.ts', …]
 * ```
 */
export function sourceDocFiles(workspaceRoot: string): MarkdownSource[] {
  const paths: string[] = [];
  for (const name of PUBLISHED) {
    const src = `packages/${name}/src`;
    const index = readFileSync(join(workspaceRoot, src, 'index.ts'), 'utf8');
    paths.push(`${src}/index.ts`);
    for (const [, file] of index.matchAll(/from '\.\/([^']+)\.js'/g))
      paths.push(`${src}/${file}.ts`);
  }
  return [...new Set(paths)].sort().map((path) => ({
    path,
    markdown: docCommentMarkdown(readFileSync(join(workspaceRoot, path), 'utf8')),
  }));
}
