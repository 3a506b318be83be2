#!/usr/bin/env node

// The API report of every published @rxkube/* entry point, with API Extractor: one committed
// Markdown file per entry point of a package's exports map, in the package's etc/ folder
// (`packages/core/etc/core.api.md`, `packages/core/etc/core-transport.api.md`, …), so that every
// change of the public surface shows in review. Reads the built declarations (dist/**/*.d.ts):
// run after `pnpm build`.
//
//   node scripts/api-report.mjs                 check every published package
//   node scripts/api-report.mjs <dir>...        check the packages in these directories
//   node scripts/api-report.mjs --update [...]  write the reports again (`pnpm api:update`)
//
// The check fails when a report differs from what the build declares; the diff is printed and the
// fix is `pnpm api:update`, committed with the change of the surface.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { CompilerState, Extractor, ExtractorConfig } = createRequire(join(root, 'package.json'))(
  '@microsoft/api-extractor',
);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The published packages of the workspace. */
function publishedPackageDirs() {
  const packagesDir = join(root, 'packages');
  return readdirSync(packagesDir, { withFileTypes: true })
    .map((d) => join(packagesDir, d.name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .filter((dir) => readJson(join(dir, 'package.json')).private !== true);
}

/** Each entry point of the exports map: `.` → `core`, `./transport` → `core-transport`. */
function entryPoints(dir) {
  const manifest = readJson(join(dir, 'package.json'));
  const unscoped = manifest.name.replace(/^@[^/]+\//, '');
  return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
    const types = typeof target === 'object' && target !== null ? target.types : undefined;
    if (typeof types !== 'string') return [];
    const suffix = subpath === '.' ? '' : `-${subpath.slice(2).replaceAll('/', '-')}`;
    return [{ declarations: join(dir, types), reportName: `${unscoped}${suffix}` }];
  });
}

/** The compiler settings of the declarations: those of the packages, with the DOM for Angular. */
const compilerOptions = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  types: ['node'],
  strict: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: true,
};

function prepare(dir, entry, tempFolder) {
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: dir,
      mainEntryPointFilePath: entry.declarations,
      bundledPackages: [],
      compiler: { overrideTsconfig: { compilerOptions } },
      apiReport: {
        enabled: true,
        reportFileName: `${entry.reportName}.api.md`,
        reportFolder: join(dir, 'etc'),
        reportTempFolder: tempFolder,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: 'lf',
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          // Shown in the report itself (a type used by the surface but not exported from it).
          default: { logLevel: 'none', addToApiReportFile: true },
          // Release tags (@public, @beta) are not used: every export is public.
          'ae-missing-release-tag': { logLevel: 'none', addToApiReportFile: false },
          // Documentation and its links are checked by TypeDoc (`pnpm docs`) and docs-check.
          'ae-undocumented': { logLevel: 'none', addToApiReportFile: false },
          'ae-unresolved-link': { logLevel: 'none', addToApiReportFile: false },
        },
        // Doc comments are checked by docs-check and TypeDoc, not here.
        tsdocMessageReporting: { default: { logLevel: 'none', addToApiReportFile: false } },
      },
    },
    configObjectFullPath: join(dir, 'api-extractor.json'),
    packageJsonFullPath: join(dir, 'package.json'),
  });
}

function report(dir, entry, { update, config, compilerState }) {
  const where = relative(root, entry.declarations);
  if (update) mkdirSync(join(dir, 'etc'), { recursive: true });
  const problems = [];
  const result = Extractor.invoke(config, {
    localBuild: update,
    compilerState,
    messageCallback: (message) => {
      // `console-*` messages say what was written or compared: the result below says it once.
      const console_ = message.messageId.startsWith('console-');
      if (!console_ && (message.logLevel === 'warning' || message.logLevel === 'error')) {
        problems.push(`${where}: ${message.formatMessageWithLocation(dir)}`);
      }
      message.handled = true;
    },
  });
  const file = relative(root, join(dir, 'etc', `${entry.reportName}.api.md`));
  if (result.apiReportChanged && !update) {
    // API Extractor left what the report should be in the temporary folder: show the difference.
    const expected = join(config.reportTempFolder, `${entry.reportName}.api.md`);
    if (existsSync(expected)) {
      const diff = spawnSync(
        'diff',
        ['-u', join(dir, 'etc', `${entry.reportName}.api.md`), expected],
        {
          encoding: 'utf8',
        },
      );
      const lines = (diff.stdout ?? '').split('\n');
      console.error(lines.slice(0, 80).join('\n'));
      if (lines.length > 80) console.error(`… ${lines.length - 80} more lines`);
    }
    problems.push(
      `${file} does not match the public surface of ${where}: run \`pnpm api:update\` and commit it`,
    );
  } else if (result.apiReportChanged) {
    console.log(`updated ${file}`);
  }
  if (!result.succeeded && problems.length === 0) {
    problems.push(`${where}: API Extractor failed (${result.errorCount} errors)`);
  }
  return problems;
}

const args = process.argv.slice(2);
const update = args.includes('--update');
const dirs = args.filter((a) => !a.startsWith('--')).map((a) => resolve(a));
const packageDirs = dirs.length > 0 ? dirs : publishedPackageDirs();

const tempFolder = mkdtempSync(join(tmpdir(), 'rxkube-api-report-'));
const problems = [];
const entries = packageDirs.flatMap((dir) => entryPoints(dir).map((entry) => ({ dir, entry })));
for (const { entry } of entries) {
  if (!existsSync(entry.declarations)) {
    problems.push(`${relative(root, entry.declarations)} is missing: build first (pnpm build)`);
  }
}
try {
  if (problems.length === 0 && entries.length > 0) {
    const configs = entries.map(({ dir, entry }) => prepare(dir, entry, tempFolder));
    // One TypeScript program for every entry point: building it dominates the cost.
    const compilerState = CompilerState.create(configs[0], {
      additionalEntryPoints: entries.map(({ entry }) => entry.declarations),
    });
    entries.forEach(({ dir, entry }, i) => {
      problems.push(...report(dir, entry, { update, config: configs[i], compilerState }));
    });
  }
} finally {
  rmSync(tempFolder, { recursive: true, force: true });
}
const checked = entries.length;

if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exitCode = 1;
} else {
  const what = `${checked} entry point${checked === 1 ? '' : 's'}`;
  console.log(`✓ API reports ${update ? 'written' : 'match'} (${what})`);
}
