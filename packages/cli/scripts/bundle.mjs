// Bundles the `rxkube` command into dist/bundle/:
// - bin.cjs: one CommonJS file with everything a one-shot `get` needs, workspace packages and
//   dependencies included. CommonJS because an ES module entry starts Node's ES module loader,
//   which resolves and links every module file it loads: on Node 20 that was about a tenth of
//   `get`'s start-up.
// - live/: `-w`'s live table and the progress line of a large list on a terminal;
//   commands/: the demo (with the fake API server) and the proxy; transports/: undici, for a
//   kubeconfig with a proxy. ES modules, each loaded by `import()` when used: in bin.cjs they
//   would be compiled at every start.
// The parts built apart keep their own copies of what they share with bin.cjs, so only plain
// values cross between them: the parsed arguments, the I/O object, the client, requests,
// responses, and errors recognised by a registered symbol (`isKubeError`, `isCliError`), never
// by class.
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);

// rxjs's `node` export condition names its CommonJS build, which esbuild cannot tree-shake and
// which evaluates every operator at start-up: bundle its ES module build instead.
const rxjsRoot = dirname(require.resolve('rxjs/package.json'));
const rxjsEsm = {
  name: 'rxjs-esm',
  setup(bundler) {
    bundler.onResolve({ filter: /^rxjs$/ }, () => ({
      path: join(rxjsRoot, 'dist/esm/index.js'),
    }));
  },
};

const commands = {
  'run-demo': 'src/internal/demo/run-demo.ts',
  'run-proxy': 'src/internal/proxy/run-proxy.ts',
};
const undiciTransport = join(dirname(require.resolve('@rxkube/node')), 'undici-transport.js');

/** Files import the parts built apart with `import()`, by their paths from `dir`. */
function partsApart(dir) {
  return {
    name: 'parts-apart',
    setup(bundler) {
      bundler.onResolve({ filter: /\/run-(demo|proxy)\.js$/ }, ({ path }) => ({
        path: `${dir}commands/${path.split('/').at(-1)}`,
        external: true,
      }));
      // The live table and the progress line, where `get` imports them when used (the live
      // table's own modules import the progress line's helpers statically, from their copy).
      bundler.onResolve({ filter: /\/(get-watch|progress)\.js$/ }, ({ path, kind }) =>
        kind === 'dynamic-import'
          ? { path: `${dir}live/${path.split('/').at(-1)}`, external: true }
          : undefined,
      );
      bundler.onResolve({ filter: /\/undici-transport\.js$/ }, () => ({
        path: `${dir}transports/undici-transport.js`,
        external: true,
      }));
    },
  };
}

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  // ESM builds of dependencies (rxjs) so that what `get` does not use is left out.
  mainFields: ['module', 'main'],
  legalComments: 'linked',
  logLevel: 'warning',
  metafile: true,
};

// ES module parts: dependencies written as CommonJS call require(); give them one (removed below
// from the files that do not use it: each createRequire() costs start-up time).
const requireBanner =
  "import { createRequire as __rxkubeRequire } from 'node:module'; const require = __rxkubeRequire(import.meta.url);";
const esmParts = {
  ...shared,
  format: 'esm',
  splitting: true,
  banner: { js: requireBanner },
};

// Output file names change with their content: leave no stale file beside the new ones.
await rm('dist/bundle', { recursive: true, force: true });
const builds = await Promise.all([
  build({
    ...shared,
    entryPoints: { bin: 'src/bin.ts' },
    outdir: 'dist/bundle',
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // The sources read files beside themselves through import.meta.url (package.json, the YAML
    // library); in CommonJS that is the bundle file's own URL.
    define: { 'import.meta.url': '__rxkubeModuleUrl' },
    banner: { js: "var __rxkubeModuleUrl=require('node:url').pathToFileURL(__filename).href;" },
    plugins: [rxjsEsm, partsApart('./')],
  }),
  build({
    ...esmParts,
    entryPoints: commands,
    outdir: 'dist/bundle/commands',
    plugins: [rxjsEsm, partsApart('../')],
  }),
  build({
    ...esmParts,
    entryPoints: {
      'get-watch': 'src/internal/get/get-watch.ts',
      progress: 'src/internal/render/progress.ts',
    },
    outdir: 'dist/bundle/live',
    plugins: [rxjsEsm, partsApart('../')],
  }),
  build({
    ...esmParts,
    entryPoints: { 'undici-transport': undiciTransport },
    outdir: 'dist/bundle/transports',
    plugins: [rxjsEsm],
  }),
]);
const metafile = {
  inputs: Object.assign({}, ...builds.map((b) => b.metafile.inputs)),
  outputs: Object.assign({}, ...builds.map((b) => b.metafile.outputs)),
};
for (const file of Object.keys(metafile.outputs).filter((name) => name.endsWith('.js'))) {
  const text = await readFile(file, 'utf8');
  const rest = text.replace(requireBanner, '');
  if (rest !== text && !/\brequire\b/.test(rest)) await writeFile(file, rest);
}
// Which source files each output file holds and which files it imports, statically or with
// `import()`: the tests read it to check what `get` loads at start-up (it does not ship).
await writeFile('dist/bundle-meta.json', `${JSON.stringify(metafile)}\n`);
await chmod('dist/bundle/bin.cjs', 0o755);
