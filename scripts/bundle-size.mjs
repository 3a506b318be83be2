#!/usr/bin/env node
// Measures the browser bundle of @rxkube/core (and of a React page on @rxkube/react) with esbuild
// and writes the figures of docs/bundle-size.md, which are never written by hand. Run after
// `pnpm build`: it bundles the published entry points (packages/core/dist/index.js and
// dist/transport/index.js, `@rxkube/core/transport`, packages/react/dist/index.js), exactly what
// a browser application gets from npm.
//
//   node scripts/bundle-size.mjs            # prints the figures as Markdown
//   node scripts/bundle-size.mjs --write    # puts them into docs/bundle-size.md
//   node scripts/bundle-size.mjs --check    # exits 1 when docs/bundle-size.md says otherwise
//
// Bundles are minified ES modules for `platform: browser`, gzipped at level 9. A Node built-in
// anywhere in the graph makes esbuild fail here (the browser bundle test asserts the same).
// Shares: minified bytes are what esbuild attributes to each package's modules in the output;
// gzipped shares are marginal, the whole bundle's gzipped size less that of the same bundle
// with the package left out (gzip compresses across modules, so a share cannot be read apart).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const coreDir = join(root, 'packages', 'core');
const reactDir = join(root, 'packages', 'react');
for (const entry of [
  join(coreDir, 'dist', 'index.js'),
  join(coreDir, 'dist', 'transport', 'index.js'),
  join(reactDir, 'dist', 'index.js'),
]) {
  if (!existsSync(entry)) {
    console.error(`${entry} is missing: run \`pnpm build\` first`);
    process.exit(1);
  }
}

// esbuild is not a dependency of its own here: it comes with the workspace's Vite.
const requireFromVite = createRequire(createRequire(join(root, 'package.json')).resolve('vite'));
const esbuild = requireFromVite('esbuild');

const dependencies = ['rxjs', 'zod'];
/** React itself: what every React page carries whatever it shows. */
const reactPackages = ['react', 'react-dom', 'scheduler'];
const versionOf = (name) =>
  JSON.parse(readFileSync(join(coreDir, 'node_modules', name, 'package.json'), 'utf8')).version;

/** What an application imports: the whole public API (both entry points), or only what a live list needs. */
const entries = {
  all: `export * from './dist/index.js';\nexport * from './dist/transport/index.js';`,
  app: [
    `import { cachedCollection$, createFetchClient } from './dist/index.js';`,
    `const client = createFetchClient({ baseUrl: location.origin });`,
    `cachedCollection$(client, { version: 'v1', resource: 'pods' }).subscribe((s) => console.log(s.items.size));`,
  ].join('\n'),
};

async function bundle(contents, { external = [], conditions = [], resolveDir = coreDir } = {}) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir, sourcefile: 'entry.js', loader: 'js' },
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions,
    external,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  const code = output.contents;
  const meta = Object.values(result.metafile.outputs)[0];
  const importsExternal = meta.imports.filter(
    (i) => i.external && !external.some((e) => i.path === e || i.path.startsWith(`${e}/`)),
  );
  if (importsExternal.length > 0) {
    throw new Error(`unexpected external imports: ${importsExternal.map((i) => i.path)}`);
  }
  /** Minified bytes per package, from esbuild's attribution of output bytes to inputs. */
  const byPackage = { core: 0, rxjs: 0, zod: 0, react: 0, adapter: 0, other: 0 };
  for (const [path, { bytesInOutput }] of Object.entries(meta.inputs)) {
    const name =
      dependencies.find((d) => path.includes(`/node_modules/${d}/`)) ??
      (reactPackages.some((d) => path.includes(`/node_modules/${d}/`))
        ? 'react'
        : path.includes('node_modules')
          ? 'other'
          : path.includes('packages/react/')
            ? 'adapter'
            : 'core');
    byPackage[name] += bytesInOutput;
  }

  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, byPackage };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const pct = (part, whole) => `${Math.round((100 * part) / whole)} %`;

async function measure(contents, conditions = []) {
  const whole = await bundle(contents, { conditions });
  const without = {};
  for (const dep of dependencies)
    without[dep] = await bundle(contents, { conditions, external: [dep] });
  const own = await bundle(contents, { conditions, external: dependencies });
  return { whole, without, own };
}

function table(title, { whole, without, own }) {
  const rows = [
    `| ${title} | minified | gzipped |`,
    '| --- | ---: | ---: |',
    `| whole bundle | ${kb(whole.minified)} | ${kb(whole.gzipped)} |`,
  ];
  for (const dep of dependencies) {
    const min = whole.byPackage[dep];
    const gz = whole.gzipped - without[dep].gzipped;
    rows.push(
      `| ${dep} ${versionOf(dep)} share | ${kb(min)} (${pct(min, whole.minified)}) | ` +
        `${kb(gz)} (${pct(gz, whole.gzipped)}) |`,
    );
  }
  rows.push(
    `| @rxkube/core's own code (rxjs and zod external) | ${kb(own.minified)} | ${kb(own.gzipped)} |`,
  );
  return rows.join('\n');
}

/**
 * A React page that keeps one live pod list: the provider, one `useCollection`, and the client.
 * Resolved from packages/react, whose `@rxkube/core` is the workspace's core.
 */
const reactPage = [
  `import { createFetchClient } from '@rxkube/core';`,
  `import { RxKubeProvider, useCollection } from './dist/index.js';`,
  `import { createElement as h } from 'react';`,
  `import { createRoot } from 'react-dom/client';`,
  `const client = createFetchClient({ baseUrl: location.origin });`,
  `function Pods() { const pods = useCollection({ version: 'v1', resource: 'pods' }); return h('p', null, pods.items.size); }`,
  `createRoot(document.body).render(h(RxKubeProvider, { client }, h(Pods)));`,
].join('\n');
const reactVersionOf = (name) =>
  JSON.parse(readFileSync(join(reactDir, 'node_modules', name, 'package.json'), 'utf8')).version;

async function measureReact() {
  const fromReact = { resolveDir: reactDir };
  const whole = await bundle(reactPage, fromReact);
  const withoutReact = await bundle(reactPage, { ...fromReact, external: reactPackages });
  const adapterOnly = await bundle(reactPage, {
    ...fromReact,
    external: [...reactPackages, '@rxkube/core', ...dependencies],
  });
  return { whole, withoutReact, adapterOnly };
}

function reactTable({ whole, withoutReact, adapterOnly }, coreList) {
  const reactShare = whole.gzipped - withoutReact.gzipped;
  const added = (field) => withoutReact[field] - coreList[field];
  return [
    '| A live pod list in React (`RxKubeProvider` + `useCollection` + `createFetchClient`) | minified | gzipped |',
    '| --- | ---: | ---: |',
    `| whole bundle | ${kb(whole.minified)} | ${kb(whole.gzipped)} |`,
    `| react ${reactVersionOf('react')} + react-dom ${reactVersionOf('react-dom')} share | ` +
      `${kb(whole.byPackage.react)} (${pct(whole.byPackage.react, whole.minified)}) | ` +
      `${kb(reactShare)} (${pct(reactShare, whole.gzipped)}) |`,
    `| the page without React (react, react-dom external) | ${kb(withoutReact.minified)} | ${kb(withoutReact.gzipped)} |`,
    `| …of which @rxkube/react's own code | ${kb(withoutReact.byPackage.adapter)} | ${kb(adapterOnly.gzipped)} (alone) |`,
    `| added over the live pod list without React above | ${kb(added('minified'))} | ${kb(added('gzipped'))} |`,
  ].join('\n');
}

const all = await measure(entries.all);
const app = await measure(entries.app);
const allEs2015 = await bundle(entries.all, { conditions: ['es2015'] });
const react = await measureReact();
const coreVersion = JSON.parse(readFileSync(join(coreDir, 'package.json'), 'utf8')).version;

// Nothing here depends on the Node version or the machine: the same build gives the same text.
const figures = [
  `Measured with esbuild ${esbuild.version}, \`@rxkube/core\` ${coreVersion}, rxjs ${versionOf('rxjs')}, ` +
    `zod ${versionOf('zod')} (1 kB = 1,000 bytes).`,
  '',
  table('Whole public API (`export *` of both entry points)', all),
  '',
  table('A live pod list (`cachedCollection$` + `createFetchClient`)', app),
  '',
  reactTable(react, app.whole),
  '',
  `With the \`es2015\` condition (rxjs's ES2015 build instead of its ES5 default), the whole ` +
    `public API is ${kb(allEs2015.minified)} minified, ${kb(allEs2015.gzipped)} gzipped.`,
].join('\n');

const docPath = join(root, 'docs', 'bundle-size.md');
const START = '<!-- figures: written by `node scripts/bundle-size.mjs --write`, never by hand -->';
const END = '<!-- end of figures -->';
const mode = process.argv[2];
if (mode === undefined) {
  console.log(figures);
} else if (mode === '--write' || mode === '--check') {
  const doc = readFileSync(docPath, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) {
    console.error(`${docPath} has no ${START} … ${END} block`);
    process.exit(1);
  }
  const updated = `${doc.slice(0, start + START.length)}\n${figures}\n${doc.slice(end)}`;
  if (mode === '--write') {
    writeFileSync(docPath, updated);
  } else if (updated !== doc) {
    const written = doc
      .slice(start + START.length, end)
      .trim()
      .split('\n');
    const measured = figures.split('\n');
    const first = measured.findIndex((line, i) => line !== written[i]);
    console.error(
      `docs/bundle-size.md's figures are not what the build measures: run \`node scripts/bundle-size.mjs --write\`\n` +
        `  written:  ${written[first] ?? '(nothing)'}\n  measured: ${measured[first] ?? '(nothing)'}`,
    );
    process.exit(1);
  }
} else {
  console.error(`unknown argument ${mode}: none, --write or --check`);
  process.exit(2);
}
