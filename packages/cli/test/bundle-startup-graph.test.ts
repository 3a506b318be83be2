import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What `rxkube get` loads at start-up, read from the bundle's metafile (written beside the bundle
 * by scripts/bundle.mjs; turbo builds the package before these tests): `bin.cjs`, the files it
 * imports statically (none), and every source file they hold. Code in files of its own reached
 * only through `import()` (the demo, the proxy, the undici transport for a `proxyUrl`) is loaded
 * when used, so it is not part of the start-up.
 */

interface MetaOutput {
  readonly entryPoint?: string;
  readonly imports: readonly { readonly path: string; readonly kind: string }[];
  readonly inputs: Readonly<Record<string, unknown>>;
}

const metaPath = fileURLToPath(new URL('../dist/bundle-meta.json', import.meta.url));

function readMeta(): Readonly<Record<string, MetaOutput>> {
  if (!existsSync(metaPath)) {
    throw new Error(
      `${metaPath} is missing: build the package first (pnpm --filter @rxkube/cli build)`,
    );
  }
  return (JSON.parse(readFileSync(metaPath, 'utf8')) as { outputs: Record<string, MetaOutput> })
    .outputs;
}

function outputOf(outputs: Readonly<Record<string, MetaOutput>>, entryPoint: string): string {
  const found = Object.entries(outputs).find(([, output]) => output.entryPoint === entryPoint);
  if (found === undefined) throw new Error(`no output file has the entry point ${entryPoint}`);
  return found[0];
}

/** The output files `starts` import statically, transitively, `starts` included. */
function staticClosure(
  outputs: Readonly<Record<string, MetaOutput>>,
  starts: readonly string[],
): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const output = outputs[file];
    if (output === undefined) throw new Error(`the metafile names ${file} but has no entry for it`);
    for (const imported of output.imports) {
      if (imported.kind === 'import-statement' && outputs[imported.path] !== undefined) {
        pending.push(imported.path);
      }
    }
  }
  return seen;
}

/** The source files held by these output files. */
function inputsOf(
  outputs: Readonly<Record<string, MetaOutput>>,
  files: Iterable<string>,
): string[] {
  return [...files].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
}

const fromPackage = (name: string) => (input: string) => input.includes(`/node_modules/${name}/`);

describe("the bundle's start-up graph of `rxkube get`", () => {
  const outputs = readMeta();
  const startupFiles = staticClosure(outputs, [outputOf(outputs, 'src/bin.ts')]);
  const startup = inputsOf(outputs, startupFiles);
  const everything = inputsOf(outputs, Object.keys(outputs));

  it('holds the connection code `get` runs: kubeconfig, node:http transport', () => {
    expect(startup).toContain('src/internal/connect.ts');
    expect(startup.some((input) => input.endsWith('node/dist/node-http-transport.js'))).toBe(true);
    expect(
      startup.some((input) => input.endsWith('node/dist/kubeconfig/load-kube-config.js')),
    ).toBe(true);
  });

  it('leaves out undici and ndjson (the undici transport is loaded only for a proxy)', () => {
    // Both are in the bundle, in a chunk loaded by import(): the check below can fail.
    expect(everything.some(fromPackage('undici'))).toBe(true);
    expect(startup.filter(fromPackage('undici'))).toEqual([]);
    expect(startup.filter(fromPackage('ndjson'))).toEqual([]);
    expect(startup.filter((input) => input.endsWith('node/dist/undici-transport.js'))).toEqual([]);
  });

  it('leaves out zod: Status is read by a hand-written guard', () => {
    // The guard is what reads an error answer at start-up (a LIST page is read by the CLI's own
    // Table checks, server-table.ts) ...
    expect(startup.some((input) => input.endsWith('core/dist/guards/is-kube-status.js'))).toBe(
      true,
    );
    expect(startup).toContain('src/internal/server-table.ts');
    // ... and neither zod nor the schemas built from it are loaded with them.
    expect(startup.filter(fromPackage('zod'))).toEqual([]);
    expect(startup.filter((input) => input.includes('core/dist/schemas/'))).toEqual([]);
    expect(
      startup.filter((input) => input.endsWith('core/dist/internal/envelope-checks.js')),
    ).toEqual([]);
  });

  it('leaves out the fake API server, the proxy command, ws and the YAML library', () => {
    expect(startup.filter((input) => input.includes('/testing/'))).toEqual([]);
    expect(startup.filter((input) => input.startsWith('src/internal/demo/'))).toEqual([]);
    expect(startup).not.toContain('src/internal/proxy/proxy-command.ts');
    expect(startup.filter(fromPackage('ws'))).toEqual([]);
    expect(startup.filter(fromPackage('yaml'))).toEqual([]);
  });

  it('is one CommonJS file; the live table, the demo, the proxy and undici are built apart', () => {
    // An ES module entry starts Node's ES module loader and resolves and links every file: with
    // the demo and the proxy bundled in, `get` loaded 15 ES module files.
    expect([...startupFiles]).toEqual(['dist/bundle/bin.cjs']);
    expect(outputOf(outputs, 'src/internal/demo/run-demo.ts')).toBe(
      'dist/bundle/commands/run-demo.js',
    );
    expect(outputOf(outputs, 'src/internal/proxy/run-proxy.ts')).toBe(
      'dist/bundle/commands/run-proxy.js',
    );
    expect(
      Object.entries(outputs).find(([, output]) =>
        output.entryPoint?.endsWith('node/dist/undici-transport.js'),
      )?.[0],
    ).toBe('dist/bundle/transports/undici-transport.js');
    const outOfBin = (outputs['dist/bundle/bin.cjs']?.imports ?? []).filter(
      (imported) => !imported.path.startsWith('node:') && !/^[a-z_]+$/.test(imported.path),
    );
    expect(outOfBin.map((imported) => [imported.path, imported.kind]).sort()).toEqual([
      ['./commands/run-demo.js', 'dynamic-import'],
      ['./commands/run-proxy.js', 'dynamic-import'],
      ['./live/get-watch.js', 'dynamic-import'],
      ['./live/progress.js', 'dynamic-import'],
      ['./transports/undici-transport.js', 'dynamic-import'],
    ]);
    // The live table's collection loop is compiled only for `-w` (the helper that drops
    // managedFields from -o json|yaml output is no part of it).
    expect(
      startup.filter(
        (input) =>
          input.includes('core/dist/collection/') && !input.endsWith('/drop-managed-fields.js'),
      ),
    ).toEqual([]);
    expect(startup).not.toContain('src/internal/get/get-watch.ts');
  });
});
