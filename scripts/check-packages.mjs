#!/usr/bin/env node
// Checks what the published @rxkube/* packages ship, from `npm pack --dry-run --json`.
//
//   node scripts/check-packages.mjs                    workspace rules + every published package
//   node scripts/check-packages.mjs --workspace-only   workspace rules only
//   node scripts/check-packages.mjs <dir>...           the packages in these directories
//
// A package passes when its tarball holds only dist/, README.md, CHANGELOG.md, LICENSE and
// package.json; has dist/index.js and dist/index.d.ts and every file its exports, main, types and
// bin point to; resolves "types" first in every entry point of its exports map (`.`, subpaths
// such as `@rxkube/core/transport`); keeps internals unreachable ("./internal/*": null); ships no test, build-info or
// stale output (a dist file whose source is gone); ships the root LICENSE unchanged; imports
// only packages it declares (dependencies or peerDependencies) or Node built-ins; and loads no
// optional peer dependency at run time (those are for types only).
//
// The workspace rules: the packages that are not private are exactly the changesets fixed group;
// every example and the benchmark package are private; changesets ignores the private packages.
// Exits 1 with one line per problem.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const workspaceFolders = ['packages', 'examples'];
const privateByRule = [/^examples\//, /^packages\/bench$/];

/** What may ship: dist/ and these top-level files. */
const allowedTopLevel = new Set(['README.md', 'CHANGELOG.md', 'LICENSE', 'package.json']);
const requiredFiles = ['dist/index.js', 'dist/index.d.ts', 'README.md', 'CHANGELOG.md', 'LICENSE'];
/** Inside dist/: tests, fixtures and build state never ship. */
const forbiddenInDist = [
  /\.(test|spec)\.[cm]?[jt]sx?(\.map)?$/,
  /\.d\.(test|spec)\.ts(\.map)?$/,
  /(^|\/)(test|tests|__tests__|fixtures?)\//,
  /\.tsbuildinfo$/,
];
const sourceExtensions = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

const problems = [];
const report = (where, message) => problems.push(`${where}: ${message}`);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

function workspacePackages() {
  return workspaceFolders.flatMap((folder) => {
    const abs = join(root, folder);
    if (!existsSync(abs)) return [];
    return readdirSync(abs, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(abs, d.name, 'package.json')))
      .map((d) => {
        const dir = join(abs, d.name);
        return { dir, rel: relative(root, dir), manifest: readJson(join(dir, 'package.json')) };
      });
  });
}

/** A changesets `ignore` entry: an exact name or a glob with `*`. */
const matchesPattern = (pattern, name) =>
  new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`).test(name);
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function checkWorkspace(packages) {
  const config = readJson(join(root, '.changeset', 'config.json'));
  const published = packages.filter((p) => p.manifest.private !== true).map((p) => p.manifest.name);
  const fixed = config.fixed?.[0] ?? [];
  if (config.fixed?.length !== 1 || [...fixed].sort().join() !== [...published].sort().join()) {
    report(
      '.changeset/config.json',
      `the one fixed group must be the published packages [${published.sort().join(', ')}], ` +
        `is ${JSON.stringify(config.fixed)}`,
    );
  }
  for (const p of packages) {
    const isPrivate = p.manifest.private === true;
    if (privateByRule.some((rule) => rule.test(p.rel)) && !isPrivate) {
      report(p.rel, `${p.manifest.name} must be "private": true (never published)`);
    }
    const ignored = (config.ignore ?? []).some((pattern) =>
      matchesPattern(pattern, p.manifest.name),
    );
    if (isPrivate && !ignored) report('.changeset/config.json', `ignore ${p.manifest.name}`);
    if (!isPrivate && ignored) report('.changeset/config.json', `${p.manifest.name} is ignored`);
  }
  return packages.filter((p) => p.manifest.private !== true);
}

/** The files `npm pack` would put in the tarball, and its sizes. */
function pack(dir) {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [result] = JSON.parse(out);
  return result;
}

/** Every file path in an exports map, `null` leaves excluded. */
function exportTargets(value) {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

/** The package a bare import specifier names, or undefined for relative ones. */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * A bundle (`dist/bundle/`, the CLI's single-file command): its imports were resolved and inlined
 * when it was built, so it maps to no one source file, and the text of the libraries inside it
 * (error messages that say `import "x"`) is not an import of the package's.
 */
function isBundled(file) {
  return file.startsWith('dist/bundle/');
}

/** An import or require of a module specifier (specifiers hold no white space: text that merely says "from 'x y'" is not one). */
const importPattern =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"\s]+)['"]/g;

function checkPackage(dir) {
  const manifest = readJson(join(dir, 'package.json'));
  const where = `${manifest.name} (${relative(root, dir) || '.'})`;
  if (manifest.private === true) {
    report(where, 'is private: nothing to pack');
    return undefined;
  }
  const result = pack(dir);
  const files = result.files.map((f) => f.path);
  const shipped = new Set(files);

  for (const file of files) {
    if (file.startsWith('dist/')) {
      const inDist = file.slice('dist/'.length);
      if (forbiddenInDist.some((rule) => rule.test(inDist))) report(where, `ships ${file}`);
    } else if (!allowedTopLevel.has(file)) {
      report(where, `ships ${file}, which is outside dist/, README.md, CHANGELOG.md, LICENSE`);
    }
  }
  for (const file of requiredFiles) {
    if (!shipped.has(file)) report(where, `does not ship ${file}`);
  }
  if (shipped.has('LICENSE')) {
    const license = readFileSync(join(dir, 'LICENSE'), 'utf8');
    if (license !== readFileSync(join(root, 'LICENSE'), 'utf8')) {
      report(where, 'LICENSE differs from the repository LICENSE: copy it again');
    }
  }

  // Stale output: a compiled file whose source no longer exists (renamed or deleted since).
  for (const file of files.filter((f) => /^dist\/.*\.js$/.test(f) && !isBundled(f))) {
    const stem = join(dir, 'src', file.slice('dist/'.length, -'.js'.length));
    if (!sourceExtensions.some((ext) => existsSync(stem + ext))) {
      report(where, `ships ${file}, whose source is gone (stale build: delete dist/ and rebuild)`);
    }
  }

  // Entry points.
  const exportsMap = manifest.exports;
  if (exportsMap === undefined || typeof exportsMap !== 'object') {
    report(where, 'has no exports map');
  } else {
    if (exportsMap['./internal/*'] !== null) {
      report(where, 'exports must block internals with "./internal/*": null');
    }
    // Every entry point (`.`, `./transport`, …) resolves types first, then code.
    const entryPoints = Object.entries(exportsMap).filter(
      ([subpath, target]) => subpath === '.' || (target !== null && subpath !== './package.json'),
    );
    if (!entryPoints.some(([subpath]) => subpath === '.')) report(where, 'exports has no "."');
    for (const [subpath, target] of entryPoints) {
      const conditions = Object.keys(typeof target === 'object' ? (target ?? {}) : {});
      if (conditions[0] !== 'types' || !conditions.includes('default')) {
        report(
          where,
          `exports["${subpath}"] must be an object whose first condition is "types", with a "default"`,
        );
      }
    }
  }
  const bins =
    typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  const entries = [...exportTargets(exportsMap), manifest.main, manifest.types, ...bins];
  for (const entry of entries.filter((e) => typeof e === 'string')) {
    const path = entry.replace(/^\.\//, '');
    if (path.includes('*')) continue;
    if (!shipped.has(path)) report(where, `points to ${entry}, which it does not ship`);
  }
  for (const bin of bins) {
    const path = join(dir, bin);
    if (existsSync(path) && !readFileSync(path, 'utf8').startsWith('#!/usr/bin/env node')) {
      report(where, `bin ${bin} does not start with #!/usr/bin/env node`);
    }
  }

  // Imports of the shipped code and types must be declared, or users' installs break.
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  for (const file of files.filter((f) => /^dist\/.*\.(js|d\.ts)$/.test(f) && !isBundled(f))) {
    // Doc comments hold `@example` code that imports other packages: only code counts.
    const text = readFileSync(join(dir, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const [, specifier] of text.matchAll(importPattern)) {
      const name = packageOf(specifier);
      if (name === undefined || builtins.has(specifier) || builtins.has(name)) continue;
      // Type-only packages: `@types/x` provides the types of `x`.
      if (
        declared.has(name) ||
        declared.has(`@types/${name.replace('@', '').replace('/', '__')}`)
      ) {
        continue;
      }
      report(where, `${file} imports ${specifier}, which is not a dependency or peerDependency`);
    }
    // An optional peer dependency (`kubernetes-types` of `@rxkube/core/kinds`) is for types only:
    // code that loads it would fail wherever it is not installed.
    if (file.endsWith('.js')) {
      for (const [, specifier] of text.matchAll(importPattern)) {
        const name = packageOf(specifier);
        if (name !== undefined && manifest.peerDependenciesMeta?.[name]?.optional === true) {
          report(where, `${file} loads ${specifier}, an optional peer dependency (types only)`);
        }
      }
    }
  }
  return result;
}

const args = process.argv.slice(2);
const workspaceOnly = args.includes('--workspace-only');
const dirs = args.filter((a) => !a.startsWith('--')).map((a) => resolve(a));

let toPack;
if (dirs.length > 0) {
  toPack = dirs;
} else {
  const published = checkWorkspace(workspacePackages());
  toPack = workspaceOnly ? [] : published.map((p) => p.dir);
}

for (const dir of toPack) {
  const result = checkPackage(dir);
  if (result !== undefined) {
    const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log(
      `${result.name}@${result.version}: ${result.files.length} files, ` +
        `${kib(result.size)} packed, ${kib(result.unpackedSize)} unpacked`,
    );
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exitCode = 1;
} else {
  const what = toPack.length > 0 ? toPack.map((d) => basename(d)).join(', ') : 'workspace rules';
  console.log(`✓ packages check passed (${what})`);
}
