import { beforeAll, describe, expect, it } from 'vitest';
import type { BlockDiagnostic } from '../src/block-diagnostic.js';
import { checkCodeBlocks } from '../src/check-code-blocks.js';
import { docCommentMarkdown } from '../src/doc-comment-markdown.js';
import { documentationFiles } from '../src/documentation-files.js';
import { extractCodeBlocks } from '../src/extract-code-blocks.js';
import { isCheckedBlock } from '../src/is-checked-block.js';
import { sourceDocFiles } from '../src/source-doc-files.js';

const fence = '```';
const root = new URL('../../..', import.meta.url).pathname;
const files = documentationFiles(root);
const sources = sourceDocFiles(root);

const format = (diagnostics: readonly BlockDiagnostic[]) =>
  diagnostics.map((d) => `${d.path}:${d.line}:${d.column} TS${d.code} ${d.message}`).join('\n');

describe('the documentation', () => {
  let diagnostics: BlockDiagnostic[] = [];
  beforeAll(() => {
    // One program for the documents and the doc comments: the packages are parsed once.
    diagnostics = checkCodeBlocks([...files, ...sources]);
  });

  it('has TypeScript blocks to check in the README and docs/', () => {
    const checked = files.flatMap((f) => extractCodeBlocks(f.markdown).filter(isCheckedBlock));
    expect(files.map((f) => f.path)).toContain('README.md');
    expect(files.map((f) => f.path)).toContain('docs/concepts.md');
    expect(checked.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => f.path))('%s: every TypeScript block compiles', (path) => {
    expect(format(diagnostics.filter((d) => d.path === path))).toBe('');
  });

  it('has @example blocks to check in every published package', () => {
    for (const name of ['angular', 'cli', 'core', 'node', 'react', 'testing']) {
      const own = sources.filter((f) => f.path.startsWith(`packages/${name}/src/`));
      const examples = own.flatMap((f) => extractCodeBlocks(f.markdown).filter(isCheckedBlock));
      expect(examples.length, name).toBeGreaterThan(3);
    }
  });

  it.each(sources.map((f) => f.path))('%s: every @example compiles, under @example', (path) => {
    const source = sources.find((f) => f.path === path);
    expect(source?.markdown).not.toMatch(/^#+ Example/m);
    expect(format(diagnostics.filter((d) => d.path === path))).toBe('');
  });
});

describe('sourceDocFiles', () => {
  it('takes the doc comments of every entry point of the exports maps, subpaths included', () => {
    const paths = sources.map((f) => f.path);
    expect(paths).toContain('packages/core/src/index.ts');
    expect(paths).toContain('packages/core/src/transport/index.ts');
    // Exported by `@rxkube/core/transport` only.
    expect(paths).toContain('packages/core/src/ndjson/ndjson-decoder.ts');
    expect(paths).toContain('packages/core/src/with-auth.ts');
    expect(paths).toContain('packages/node/src/undici-transport.ts');
  });
});

describe('docCommentMarkdown', () => {
  it('keeps the doc comments line for line and blanks the code', () => {
    const source = [
      'const a = 1;',
      '/**',
      ' * Adds.',
      ' *',
      ' * @example',
      ' * ```ts',
      ' * add(1, 2);',
      ' * ```',
      ' */',
      'export function add(x: number, y: number) { return x + y; }',
      '/** One line. */',
      'const b = 2;',
    ].join('\n');
    expect(docCommentMarkdown(source).split('\n')).toEqual([
      '',
      '',
      'Adds.',
      '',
      '@example',
      '```ts',
      'add(1, 2);',
      '```',
      '',
      '',
      '',
      '',
    ]);
    expect(extractCodeBlocks(docCommentMarkdown(source))).toMatchObject([
      { code: 'add(1, 2);', line: 7 },
    ]);
  });

  it('reports an @example error at its source line', () => {
    const source = [
      '/**',
      ' * ```ts',
      " * const n: number = 'x';",
      ' * ```',
      ' */',
      'export {};',
    ].join('\n');
    const [error] = checkCodeBlocks([{ path: 'x.ts', markdown: docCommentMarkdown(source) }]);
    expect(error).toMatchObject({ path: 'x.ts', line: 3, code: 2322 });
  });
});

describe('checkCodeBlocks', () => {
  it('reports a type error at its line in the Markdown file', () => {
    const markdown = [
      '# x',
      '',
      `${fence}ts`,
      "import { objectKey } from '@rxkube/core';",
      'const n: number = objectKey({ metadata: {} });',
      fence,
    ].join('\n');
    const [error, ...rest] = checkCodeBlocks([{ path: 'bad.md', markdown }]);
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ path: 'bad.md', line: 5, column: 7, code: 2322 });
  });

  it('compiles tsx blocks with JSX against React, and reports a wrong prop at its line', () => {
    const markdown = [
      `${fence}tsx`,
      "import { useCollection } from '@rxkube/react';",
      'export function Pods() {',
      "  const pods = useCollection({ version: 'v1', resource: 'pods' });",
      '  return <p title={pods.health.status}>{pods.items.size}</p>;',
      '}',
      'export const wrong = <Pods count={1} />;',
      fence,
    ].join('\n');
    const [error, ...rest] = checkCodeBlocks([{ path: 'react.md', markdown }]);
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ path: 'react.md', line: 7, code: 2322 });
  });

  it('compiles blocks as separate modules against the workspace sources, with the prelude and imports relative to the Markdown file', () => {
    const markdown = [
      '<!-- prelude',
      "import type { Observable } from 'rxjs';",
      'declare const n$: Observable<number>;',
      '-->',
      `${fence}ts`,
      "import { cachedCollection$ } from '@rxkube/core';",
      'const x = 1;',
      "cachedCollection$(client, { version: 'v1', resource: 'pods' });",
      'n$.subscribe((n) => n.toFixed(x));',
      fence,
      `${fence}ts`,
      'const x = await Promise.resolve(2);',
      'export { x };',
      fence,
      `${fence}ts nocheck`,
      'this is not TypeScript',
      fence,
      `${fence}ts`,
      "import type { CodeBlock } from '../src/code-block.js';",
      "export const line: CodeBlock['line'] = 1;",
      fence,
    ].join('\n');
    expect(format(checkCodeBlocks([{ path: 'packages/docs-check/test/good.md', markdown }]))).toBe(
      '',
    );
  });
});
