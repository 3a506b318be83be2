import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { BlockDiagnostic } from './block-diagnostic.js';
import { extractCodeBlocks } from './extract-code-blocks.js';
import { isCheckedBlock } from './is-checked-block.js';
import type { MarkdownSource } from './markdown-source.js';
import { packageEntryPoints } from './package-entry-points.js';

const sourceDir = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(sourceDir, '..');
/** The workspace root: packages/docs-check/src → ../../.. */
const defaultWorkspaceRoot = resolve(packageDir, '../..');
/**
 * Where the blocks pretend to live: inside this package, so that `rxjs`, `@types/node` and the
 * package's `"type": "module"` apply. Nothing is written there.
 */
const blockDir = join(packageDir, '.code-blocks');
const preludeFile = join(sourceDir, 'docs-prelude.d.ts');
/**
 * Parsed library and package sources, kept across calls in one process: the libraries, Node's
 * types and the packages' sources dominate the cost of a program, and they do not change while
 * the tests run.
 */
const parsedFiles = new Map<string, ts.SourceFile>();

/**
 * Options of {@link checkCodeBlocks}.
 *
 * @example
 * ```ts
 * import type { CheckCodeBlocksOptions } from './check-code-blocks.js';
 * const options: CheckCodeBlocksOptions = { workspaceRoot: '/path/to/rxkube' };
 * ```
 */
export interface CheckCodeBlocksOptions {
  /** The monorepo root, whose `tsconfig.base.json` and `packages/*` are used. Default: this checkout. */
  readonly workspaceRoot?: string;
}

/**
 * Compiles every checked TypeScript block (see `isCheckedBlock`) of the given Markdown documents
 * with the TypeScript compiler API, in one program, and returns the errors located in the
 * Markdown files.
 *
 * Each block is its own ES module (top-level `await` allowed; a `tsx` block a TSX one with React's
 * automatic JSX runtime), compiled with the workspace's
 * `tsconfig.base.json` (strict, `exactOptionalPropertyTypes`, …). `@rxkube/*` imports resolve to
 * the packages' sources, so nothing needs to be built; `rxjs` and `node:*` resolve as in any
 * package; relative imports resolve from the Markdown file's folder. Every block sees the
 * declarations of `src/docs-prelude.d.ts` (`client`) and, in front of its code, its hidden
 * `<!-- prelude … -->` comment.
 *
 * @example
 * ```ts
 * import { checkCodeBlocks } from './check-code-blocks.js';
 * const errors = checkCodeBlocks([{ path: 'x.md', markdown: '```ts\nconst n: number = "1";\n```\n' }]);
 * // [{ path: 'x.md', line: 2, column: 7, code: 2322, message: "Type 'string' is not assignable to type 'number'." }]
 * ```
 */
export function checkCodeBlocks(
  sources: readonly MarkdownSource[],
  options: CheckCodeBlocksOptions = {},
): BlockDiagnostic[] {
  const workspaceRoot = options.workspaceRoot ?? defaultWorkspaceRoot;
  const compilerOptions = blockCompilerOptions(workspaceRoot);

  interface VirtualBlock {
    readonly path: string;
    readonly fenceLine: number;
    readonly codeLine: number;
    readonly preludeLines: number;
    readonly text: string;
  }
  const blocks = new Map<string, VirtualBlock>();
  for (const source of sources) {
    for (const block of extractCodeBlocks(source.markdown)) {
      if (!isCheckedBlock(block)) continue;
      const extension = block.language === 'tsx' ? 'tsx' : 'mts';
      const fileName = join(blockDir, source.path, `line-${block.line}.${extension}`);
      const preludeLines = block.prelude === '' ? 0 : block.prelude.split('\n').length;
      const text = block.prelude === '' ? block.code : `${block.prelude}\n${block.code}`;
      blocks.set(fileName, {
        path: source.path,
        fenceLine: block.line - 1,
        codeLine: block.line,
        preludeLines,
        text: `${text}\n`,
      });
    }
  }

  const host = ts.createCompilerHost(compilerOptions, true);
  const realGetSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const block = blocks.get(fileName);
    if (block !== undefined)
      return ts.createSourceFile(fileName, block.text, languageVersion, true);
    const key = `${fileName}|${JSON.stringify(languageVersion)}`;
    let file = parsedFiles.get(key);
    if (file === undefined) {
      file = realGetSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file !== undefined) parsedFiles.set(key, file);
    }
    return file;
  };
  const realFileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => blocks.has(fileName) || realFileExists(fileName);
  const realReadFile = host.readFile.bind(host);
  host.readFile = (fileName) => blocks.get(fileName)?.text ?? realReadFile(fileName);
  // A relative import in a block resolves from its Markdown file's folder, so that a README can
  // show code that imports the files next to it.
  const cache = ts.createModuleResolutionCache(workspaceRoot, (f) => f, compilerOptions);
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, options, file) =>
    literals.map((literal) => {
      const block = blocks.get(containingFile);
      const from =
        block !== undefined && literal.text.startsWith('.')
          ? join(workspaceRoot, dirname(block.path), 'code-block.mts')
          : containingFile;
      const mode = ts.getModeForUsageLocation(file, literal, options);
      return ts.resolveModuleName(literal.text, from, options, host, cache, redirected, mode);
    });

  const program = ts.createProgram({
    rootNames: [preludeFile, ...blocks.keys()],
    options: compilerOptions,
    host,
  });

  const setup = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSemanticDiagnostics(program.getSourceFile(preludeFile)),
  ];
  if (setup.length > 0) {
    throw new Error(
      `the code-block program does not compile:\n${ts.formatDiagnostics(setup, host)}`,
    );
  }

  const diagnostics: BlockDiagnostic[] = [];
  for (const [fileName, block] of blocks) {
    const file = program.getSourceFile(fileName);
    if (file === undefined) throw new Error(`${block.path}: block at ${block.codeLine} not loaded`);
    for (const diagnostic of [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]) {
      const at = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const inPrelude = at.line < block.preludeLines;
      diagnostics.push({
        path: block.path,
        line: inPrelude ? block.fenceLine : block.codeLine + at.line - block.preludeLines,
        column: at.character + 1,
        code: diagnostic.code,
        message: `${inPrelude ? '(in the prelude) ' : ''}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
      });
    }
  }
  return diagnostics;
}

/** The workspace's strict options, made to type-check loose modules against package sources. */
function blockCompilerOptions(workspaceRoot: string): ts.CompilerOptions {
  const configPath = join(workspaceRoot, 'tsconfig.base.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, workspaceRoot);
  const {
    composite: _composite,
    declaration: _declaration,
    declarationMap: _declarationMap,
    sourceMap: _sourceMap,
    rootDir: _rootDir,
    outDir: _outDir,
    tsBuildInfoFile: _tsBuildInfoFile,
    ...base
  } = parsed.options;
  return {
    ...base,
    noEmit: true,
    moduleDetection: ts.ModuleDetectionKind.Force,
    // `tsx` blocks: React's automatic runtime, as Vite and TypeScript's React template set it.
    jsx: ts.JsxEmit.ReactJSX,
    types: ['node'],
    typeRoots: [join(workspaceRoot, 'node_modules/@types')],
    // Browser examples (Angular, React, a page's `document`) next to Node ones.
    lib: [...(base.lib ?? []), 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    paths: workspacePackagePaths(workspaceRoot),
  };
}

/**
 * `@rxkube/<name>` → the package's `src/index.ts`, and each subpath of its exports map
 * (`@rxkube/core/transport`) → its source, for every workspace package that has them.
 */
function workspacePackagePaths(workspaceRoot: string): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  const packagesDir = join(workspaceRoot, 'packages');
  for (const entry of readdirSync(packagesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(packagesDir, entry.name);
    const entryPoints = packageEntryPoints(dir);
    for (const { specifier, source } of entryPoints) {
      if (ts.sys.fileExists(join(dir, source))) paths[specifier] = [join(dir, source)];
    }
    // A private package without an exports map: its index, under its name.
    const index = join(dir, 'src/index.ts');
    if (entryPoints.length > 0 || !ts.sys.fileExists(index)) continue;
    if (!ts.sys.fileExists(join(dir, 'package.json'))) continue;
    const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name?: string;
    };
    if (name !== undefined) paths[name] = [index];
  }
  return paths;
}
