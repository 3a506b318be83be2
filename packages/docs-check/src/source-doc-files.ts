import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { docCommentMarkdown } from './doc-comment-markdown.js';
import type { MarkdownSource } from './markdown-source.js';
import { packageEntryPoints } from './package-entry-points.js';

/** The published packages, whose doc comments are the API reference. */
const PUBLISHED = ['angular', 'cli', 'core', 'node', 'react', 'testing'];

/**
 * The doc comments of the published packages' public sources (the files each entry point of a
 * package's exports map exports from, `src/index.ts`, `src/transport/index.ts`…, and the entry
 * points themselves) as Markdown, line for line, so that their `@example` blocks compile like the
 * documentation's and errors point at source lines.
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
    const packageDir = `packages/${name}`;
    for (const { source } of packageEntryPoints(join(workspaceRoot, packageDir))) {
      const entry = posix.join(packageDir, source);
      paths.push(entry);
      const text = readFileSync(join(workspaceRoot, entry), 'utf8');
      for (const [, file] of text.matchAll(/from '(\.\.?\/[^']+)\.js'/g))
        paths.push(posix.join(posix.dirname(entry), `${file}.ts`));
    }
  }
  return [...new Set(paths)].sort().map((path) => ({
    path,
    markdown: docCommentMarkdown(readFileSync(join(workspaceRoot, path), 'utf8')),
  }));
}
