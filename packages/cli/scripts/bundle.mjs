// Bundles the `rxkube` command into dist/bundle/: an entry file and the few chunks with
// everything `get` needs (workspace packages and dependencies included, so start-up reads a few
// files instead of hundreds), and the demo (with the fake API server) and the proxy in
// dist/bundle/commands/, loaded only by `rxkube demo` and `rxkube proxy`.
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

// rxjs's `node` export condition names its CommonJS build, which esbuild cannot tree-shake and
// which evaluates every operator at start-up: bundle its ES module build instead.
const rxjsRoot = dirname(createRequire(import.meta.url).resolve('rxjs/package.json'));
const rxjsEsm = {
  name: 'rxjs-esm',
  setup(bundler) {
    bundler.onResolve({ filter: /^rxjs$/ }, () => ({
      path: join(rxjsRoot, 'dist/esm/index.js'),
    }));
  },
};

const requireBanner =
  "import { createRequire as __rxkubeRequire } from 'node:module'; const require = __rxkubeRequire(import.meta.url);";

// The demo and the proxy are built apart, into dist/bundle/commands/: bundled together with
// `get`, the code they share with it is split into many small chunks, and each file `get`
// imports costs start-up time (resolving, reading, linking). Built apart, `get` loads a few
// larger files. They keep their own copies of what they share: only the parsed arguments, the
// I/O object and an exit code cross from bin.js to them (run-demo.ts, run-proxy.ts).
const commands = {
  'run-demo': 'src/internal/demo/run-demo.ts',
  'run-proxy': 'src/internal/proxy/run-proxy.ts',
};
const commandsApart = {
  name: 'commands-apart',
  setup(bundler) {
    bundler.onResolve({ filter: /\/run-(demo|proxy)\.js$/ }, ({ path }) => ({
      path: `./commands/${path.split('/').at(-1)}`,
      external: true,
    }));
  },
};

const shared = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  // ESM builds of dependencies (rxjs) so that what `get` does not use is left out.
  mainFields: ['module', 'main'],
  legalComments: 'linked',
  // Dependencies written as CommonJS call require(); give them one (removed below from the
  // files that do not use it).
  banner: { js: requireBanner },
  logLevel: 'warning',
  metafile: true,
};

// Chunk names change with their content: leave no stale chunk beside the new ones.
await rm('dist/bundle', { recursive: true, force: true });
const main = await build({
  ...shared,
  entryPoints: { bin: 'src/bin.ts' },
  outdir: 'dist/bundle',
  plugins: [rxjsEsm, commandsApart],
});
const apart = await build({
  ...shared,
  entryPoints: commands,
  outdir: 'dist/bundle/commands',
  plugins: [rxjsEsm],
});
const metafile = {
  inputs: { ...apart.metafile.inputs, ...main.metafile.inputs },
  outputs: { ...main.metafile.outputs, ...apart.metafile.outputs },
};
// esbuild puts the banner in every output file, but only the ones that name `require` (the
// runtime helper behind CommonJS dependencies' require() calls) use it: each createRequire()
// costs start-up time, so the others lose it.
for (const file of Object.keys(metafile.outputs).filter((name) => name.endsWith('.js'))) {
  const text = await readFile(file, 'utf8');
  const rest = text.replace(requireBanner, '');
  if (rest !== text && !/\brequire\b/.test(rest)) await writeFile(file, rest);
}
// Which source files each output file holds and which files it imports, statically or with
// `import()`: the tests read it to check what `get` loads at start-up (it does not ship).
await writeFile('dist/bundle-meta.json', `${JSON.stringify(metafile)}\n`);
await chmod('dist/bundle/bin.js', 0o755);
