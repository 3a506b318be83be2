import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { FakeApiServer } from '@rxkube/testing';
import { build, type Plugin } from 'vite';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';

/**
 * The core is meant for browsers: bundling its public entry points (`@rxkube/core`,
 * `@rxkube/core/transport` and `@rxkube/core/kinds`) for `platform: browser` must need no Node built-in, and the bundle
 * must run on the WHATWG globals a browser has (fetch, streams, AbortController, TextDecoder),
 * nothing else.
 */

const mainEntry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
const transportEntry = fileURLToPath(new URL('../../src/transport/index.ts', import.meta.url));
const kindsEntry = fileURLToPath(new URL('../../src/kinds/index.ts', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const builtins = new Set(builtinModules);

/**
 * Gzipped size budget of the whole bundle (core + rxjs + zod, every export kept), in bytes. The
 * whole API (reads, writes, controllers with sharding, finalizers and metrics, the proxy client) is
 * about 45 kB; a page that keeps one live collection is far smaller (docs/bundle-size.md).
 */
const GZIP_BUDGET_BYTES = 48 * 1024;

interface Bundle {
  readonly code: string;
  /** Node built-ins that some module tried to import, with the importer. */
  readonly nodeImports: readonly string[];
}

/** Records (instead of silently stubbing, as Vite does) every import of a Node built-in. */
function recordNodeImports(into: string[]): Plugin {
  return {
    name: 'record-node-imports',
    enforce: 'pre',
    resolveId(id, importer) {
      const bare = id.startsWith('node:') ? id.slice('node:'.length) : id;
      if (id.startsWith('node:') || builtins.has(bare) || builtins.has(bare.replace(/\/.*/s, ''))) {
        into.push(`${id} (from ${importer ?? 'entry'})`);
      }
      return null;
    },
  };
}

async function bundle(
  options: { entry?: string; external?: readonly string[] } = {},
): Promise<Bundle> {
  const nodeImports: string[] = [];
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [recordNodeImports(nodeImports)],
    resolve: { conditions: ['browser', 'module', 'import', 'default'] },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: {
        entry: options.entry ?? mainEntry,
        formats: ['iife'],
        name: 'rxkube',
        fileName: 'rxkube-core',
      },
      rolldownOptions: {
        external: [...(options.external ?? [])],
        output: { globals: { rxjs: 'rxjs', zod: 'zod' } },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .filter((c) => c.type === 'chunk');
  expect(chunks).toHaveLength(1);
  const [chunk] = chunks;
  assert(chunk, 'one chunk');
  return { code: chunk.code, nodeImports };
}

/**
 * Identifiers only Node defines, used as variables: property accesses (`.x`) and object keys
 * (`x:`) do not count (rxjs has its own `{ setImmediate: … }` shim, for instance).
 */
const NODE_GLOBALS =
  /(?<![.\w$])(process|Buffer|require|__dirname|__filename|setImmediate|global)(?![\w$]|\s*:)/g;

/** What a browser page offers that the core may use, and nothing Node-only. */
function browserGlobals(): Record<string, unknown> {
  return {
    fetch,
    Request,
    Response,
    Headers,
    ReadableStream,
    TextDecoder,
    TextEncoder,
    AbortController,
    AbortSignal,
    DOMException,
    URL,
    URLSearchParams,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    queueMicrotask,
    console,
  };
}

let full: Bundle;
let server: FakeApiServer;

beforeAll(async () => {
  full = await bundle();
  server = await FakeApiServer.start({ cors: true });
});

afterAll(async () => {
  await server?.close();
});

describe('browser bundle of @rxkube/core', () => {
  it('needs no Node built-in module', () => {
    expect(full.nodeImports).toEqual([]);
    expect(full.code).not.toContain('__vite-browser-external');
  });

  it('references no Node-only global', () => {
    expect([...full.code.matchAll(NODE_GLOBALS)].map((m) => m[0])).toEqual([]);
  });

  it('needs no Node built-in module nor Node-only global in @rxkube/core/transport either', async () => {
    const transport = await bundle({ entry: transportEntry });
    expect(transport.nodeImports).toEqual([]);
    expect(transport.code).not.toContain('__vite-browser-external');
    expect([...transport.code.matchAll(NODE_GLOBALS)].map((m) => m[0])).toEqual([]);
    // The entry is really there: its decoder runs on the browser globals alone.
    const sandbox = createContext(browserGlobals());
    runInContext(transport.code, sandbox);
    const { NdjsonDecoder } = (sandbox as { rxkube?: Record<string, unknown> }).rxkube as {
      NdjsonDecoder: new (
        onValue: (value: unknown) => void,
      ) => {
        push(chunk: Uint8Array): void;
        end(): void;
      };
    };
    const values: unknown[] = [];
    const decoder = new NdjsonDecoder((value) => values.push(value));
    decoder.push(new TextEncoder().encode('{"a":1}\n{"b"'));
    decoder.push(new TextEncoder().encode(':2}\n'));
    decoder.end();
    expect(values).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('bundles @rxkube/core/kinds as plain refs, with nothing of kubernetes-types', async () => {
    const kinds = await bundle({ entry: kindsEntry });
    expect(kinds.nodeImports).toEqual([]);
    expect(kinds.code).not.toContain('kubernetes-types');
    const sandbox = createContext(browserGlobals());
    runInContext(kinds.code, sandbox);
    const refs = (sandbox as { rxkube?: Record<string, unknown> }).rxkube;
    expect(refs?.pods).toEqual({ version: 'v1', resource: 'pods', kind: 'Pod' });
    expect(refs?.deployments).toEqual({
      group: 'apps',
      version: 'v1',
      resource: 'deployments',
      kind: 'Deployment',
    });
  });

  it('stays within its gzipped size budget', async () => {
    const coreOnly = await bundle({ external: ['rxjs', 'zod'] });
    const size = (code: string) => ({
      minified: Buffer.byteLength(code),
      gzipped: gzipSync(code, { level: 9 }).length,
    });
    const whole = size(full.code);
    const own = size(coreOnly.code);
    console.info(
      `@rxkube/core browser bundle: ${whole.minified} B minified, ${whole.gzipped} B gzipped ` +
        `(with rxjs and zod); core alone ${own.minified} B minified, ${own.gzipped} B gzipped`,
    );
    expect(coreOnly.nodeImports).toEqual([]);
    expect(whole.gzipped).toBeLessThan(GZIP_BUDGET_BYTES);
    expect(own.gzipped).toBeLessThan(whole.gzipped);
  });

  it('lists and watches through fetch with only browser globals in scope', async () => {
    const pods = { version: 'v1', resource: 'pods' };
    server.create(pods, { metadata: { namespace: 'a', name: 'p1' } });
    const sandbox = createContext(browserGlobals());
    runInContext(full.code, sandbox);
    const core = (sandbox as { rxkube?: Record<string, unknown> }).rxkube as {
      createFetchClient(options: { baseUrl: string }): unknown;
      cachedCollection$(
        client: unknown,
        ref: object,
      ): {
        subscribe(next: (state: { items: ReadonlyMap<string, unknown> }) => void): {
          unsubscribe(): void;
        };
      };
    };
    const client = core.createFetchClient({ baseUrl: server.url });
    let keys: string[] = [];
    const subscription = core.cachedCollection$(client, pods).subscribe((state) => {
      keys = [...state.items.keys()].sort();
    });
    try {
      await server.waitFor(() => keys.length === 1 && server.openWatches === 1);
      server.create(pods, { metadata: { namespace: 'a', name: 'p2' } });
      await server.waitFor(() => keys.length === 2);
      expect(keys).toEqual(['a/p1', 'a/p2']);
    } finally {
      subscription.unsubscribe();
    }
    await server.waitFor(() => server.openWatches === 0);
  });
});
