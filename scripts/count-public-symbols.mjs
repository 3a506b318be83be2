#!/usr/bin/env node
// Counts the public names of every published @rxkube/* package, per entry point of its exports
// map, with the TypeScript compiler API on the sources (no build needed): each `./x` entry whose
// `types` is `./dist/y.d.ts` is read from `src/y.ts`.
//
//   node scripts/count-public-symbols.mjs          a Markdown table
//   node scripts/count-public-symbols.mjs --json   the same figures as JSON
//   node scripts/count-public-symbols.mjs --names  every name, per entry point
//
// A name counts once per entry point. "values" exist at run time (functions, classes, constants);
// "types only" are interfaces and type aliases. `export *` lines are counted too: every one of
// them is a name list nobody reviewed.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ts = createRequire(join(root, 'package.json'))('typescript');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Published workspace packages, each with its entry points (subpath → source file). */
function publishedEntries() {
  const packagesDir = join(root, 'packages');
  const packages = [];
  for (const dirent of readdirSync(packagesDir, { withFileTypes: true })) {
    const dir = join(packagesDir, dirent.name);
    if (!dirent.isDirectory() || !existsSync(join(dir, 'package.json'))) continue;
    const manifest = readJson(join(dir, 'package.json'));
    if (manifest.private === true || manifest.exports === undefined) continue;
    const entries = [];
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      const types = typeof target === 'object' && target !== null ? target.types : undefined;
      if (typeof types !== 'string') continue;
      const source = join(dir, types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts'));
      const name = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      entries.push({ name, source });
    }
    packages.push({ name: manifest.name, entries });
  }
  return packages.sort((a, b) => a.name.localeCompare(b.name));
}

/** Every `@rxkube/x[/sub]` entry resolved to its source, so that no build is needed. */
function workspacePaths(packages) {
  const paths = {};
  for (const p of packages) for (const e of p.entries) paths[e.name] = [e.source];
  return paths;
}

function count(packages) {
  const sources = packages.flatMap((p) => p.entries.map((e) => e.source));
  const program = ts.createProgram({
    rootNames: sources,
    options: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
      skipLibCheck: true,
      noEmit: true,
      paths: workspacePaths(packages),
    },
  });
  const checker = program.getTypeChecker();
  return packages.map((p) => ({
    name: p.name,
    entries: p.entries.map((e) => {
      const file = program.getSourceFile(e.source);
      if (file === undefined) throw new Error(`${e.source} is not in the program`);
      const moduleSymbol = checker.getSymbolAtLocation(file);
      const exported = moduleSymbol === undefined ? [] : checker.getExportsOfModule(moduleSymbol);
      const values = [];
      const types = [];
      for (const symbol of exported) {
        const target =
          symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        (target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name);
      }
      const exportStar = file.statements.filter(
        (s) => ts.isExportDeclaration(s) && s.exportClause === undefined,
      ).length;
      return {
        entry: e.name,
        total: values.length + types.length,
        values: values.sort(),
        types: types.sort(),
        exportStar,
      };
    }),
  }));
}

const result = count(publishedEntries());
const args = process.argv.slice(2);
if (args.includes('--json')) {
  console.log(JSON.stringify(result, null, 2));
} else if (args.includes('--names')) {
  for (const p of result) {
    for (const e of p.entries) {
      console.log(`${e.entry} (${e.total})`);
      for (const name of e.values) console.log(`  ${name}`);
      for (const name of e.types) console.log(`  type ${name}`);
    }
  }
} else {
  console.log('| entry point | public names | values | types only | `export *` lines |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  let total = 0;
  for (const p of result) {
    for (const e of p.entries) {
      total += e.total;
      console.log(
        `| \`${e.entry}\` | ${e.total} | ${e.values.length} | ${e.types.length} | ${e.exportStar} |`,
      );
    }
  }
  console.log(`| all | ${total} | | | |`);
}
