import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { MarkdownSource } from './markdown-source.js';

/** Generated output inside docs/, never checked. */
const GENERATED = ['docs/api/'];

/**
 * The Markdown documents whose TypeScript blocks must compile: the root README.md, every `.md`
 * under `docs/` (the generated API reference excluded) and the READMEs of `examples/*`.
 *
 * @example
 * ```ts
 * import { documentationFiles } from './documentation-files.js';
 * documentationFiles('/path/to/rxkube').map((f) => f.path); // ['README.md', 'docs/README.md', …]
 * ```
 */
export function documentationFiles(workspaceRoot: string): MarkdownSource[] {
  const paths = ['README.md'];
  const docs = join(workspaceRoot, 'docs');
  if (existsSync(docs)) {
    for (const entry of readdirSync(docs, { recursive: true, encoding: 'utf8' })) {
      const path = `docs/${entry.split('\\').join('/')}`;
      if (path.endsWith('.md') && !GENERATED.some((prefix) => path.startsWith(prefix))) {
        paths.push(path);
      }
    }
  }
  const examples = join(workspaceRoot, 'examples');
  if (existsSync(examples)) {
    for (const example of readdirSync(examples)) {
      const readme = join(examples, example, 'README.md');
      if (existsSync(readme)) paths.push(relative(workspaceRoot, readme).split('\\').join('/'));
    }
  }
  return paths
    .sort()
    .map((path) => ({ path, markdown: readFileSync(join(workspaceRoot, path), 'utf8') }));
}
