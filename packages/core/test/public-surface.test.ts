import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as controller from '../src/controller/index.js';
import * as discovery from '../src/discovery/index.js';
import * as errors from '../src/errors/index.js';
import * as main from '../src/index.js';
import * as kinds from '../src/kinds/index.js';
import * as proxy from '../src/proxy/index.js';
import * as transport from '../src/transport/index.js';

/**
 * The grouped public surface: `@rxkube/core` for applications, `@rxkube/core/transport` for
 * transport authors, `@rxkube/core/kinds` for the typed refs of the built-in resources. The exact surface (types included) is in etc/*.api.md, checked by
 * `api:check`; this pins the split itself and the form of the entry points.
 */

const packagesDir = fileURLToPath(new URL('../..', import.meta.url));

/** The plumbing that lives only on the subpath (values; the types are in the API report). */
const transportOnly = [
  'redactUrl',
  'redactUrls',
  'redactError',
  'requestUrl',
  'unsendableRequest',
  'withAuth',
  'reportWarnings',
  'errorFromResponse',
  'errorFromStatus',
  'NdjsonDecoder',
  'decodeNdjson',
  'kubeStatusSchema',
  'listEnvelopeSchema',
  'watchEventEnvelopeSchema',
  'PersistentMap',
  'ioDefaults',
  'fetchTransport',
  'resourcePath',
  'asResourceVersion',
];

/** The client behind `rxkube proxy`: only on `@rxkube/core/proxy`. */
const proxyOnly = ['createProxyClient', 'muxTransport', 'muxDefaults', 'MuxFlowControlError'];

/** Values the main entry point keeps because applications (and the docs) import them from there. */
const onMain = [
  'cachedCollection$',
  'collectionUpdates$',
  'list$',
  'watch$',
  'get$',
  'create$',
  'replace$',
  'patch$',
  'apply$',
  'delete$',
  'updateWith$',
  'relistOnGone',
  'retryWithBackoff',
  'retryOnConflict',
  'backoffDelay',
  'filterItems',
  'mapItems',
  'controller$',
  'leaderElection$',
  'shardMembership$',
  'whileLeader',
  'eventRecorder',
  'finalizer',
  'ownerKeys',
  'discoverResources',
  'resolveResource',
  'KubeError',
  'isKubeError',
  'ConflictError',
  'DecodeError',
  'UnknownResourceError',
  'createFetchClient',
  'kubeObjectSchema',
  'dropManagedFields',
  'isSynced',
  'CollectionRegistry',
  'inNamespace',
];

/** Every entry point source of the published packages, from their exports maps. */
function entryPointSources(): string[] {
  const sources: string[] = [];
  for (const dirent of readdirSync(packagesDir, { withFileTypes: true })) {
    if (!dirent.isDirectory()) continue;
    const dir = join(packagesDir, dirent.name);
    let manifest: { private?: boolean; exports?: Record<string, unknown> };
    try {
      manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    if (manifest.private === true) continue;
    for (const target of Object.values(manifest.exports ?? {})) {
      const types = (target as { types?: unknown } | null)?.types;
      if (typeof types !== 'string') continue;
      sources.push(join(dir, types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')));
    }
  }
  return sources;
}

describe('the public surface of @rxkube/core', () => {
  it('keeps transport-author plumbing off the main entry point', () => {
    expect(transportOnly.filter((name) => name in main)).toEqual([]);
  });

  it('offers that plumbing on @rxkube/core/transport', () => {
    expect(transportOnly.filter((name) => !(name in transport))).toEqual([]);
  });

  it('keeps what applications use on the main entry point', () => {
    expect(onMain.filter((name) => !(name in main))).toEqual([]);
  });

  it('offers the client behind rxkube proxy on @rxkube/core/proxy only', () => {
    expect(proxyOnly.filter((name) => name in main)).toEqual([]);
    expect(proxyOnly.filter((name) => !(name in proxy))).toEqual([]);
  });

  it('repeats on each topic subpath the same objects as the main entry point', () => {
    for (const sub of [controller, discovery, errors]) {
      const shared = Object.keys(sub).filter((name) => name in main);
      expect(shared.length).toBeGreaterThan(0);
      for (const name of shared) {
        expect((sub as Record<string, unknown>)[name], name).toBe(
          (main as Record<string, unknown>)[name],
        );
      }
    }
    for (const name of ['controllerDefaults', 'leaderElectionDefaults', 'eventRecorderDefaults']) {
      expect(controller, name).toHaveProperty(name);
      expect(main, name).not.toHaveProperty(name);
    }
    for (const name of ['NotFoundError', 'AlreadyExistsError', 'ResourceVersionExpiredError']) {
      expect(errors, name).toHaveProperty(name);
    }
    expect(discovery).toHaveProperty('resourcesInCategory');
  });

  it('keeps the typed refs of the built-in resources on @rxkube/core/kinds, and only them', () => {
    expect(Object.keys(kinds).filter((name) => name in main)).toEqual([]);
    for (const name of ['pods', 'configMaps', 'deployments', 'customResourceDefinitions']) {
      expect(kinds, name).toHaveProperty(name);
    }
    const notRefs = Object.entries(kinds).filter(
      ([, ref]) => typeof ref.version !== 'string' || typeof ref.resource !== 'string',
    );
    expect(notRefs).toEqual([]);
  });
});

describe('the entry points of the published packages', () => {
  const sources = entryPointSources();

  it('include @rxkube/core/transport and @rxkube/core/kinds', () => {
    expect(sources.some((s) => s.endsWith(join('core', 'src', 'transport', 'index.ts')))).toBe(
      true,
    );
    expect(sources.some((s) => s.endsWith(join('core', 'src', 'kinds', 'index.ts')))).toBe(true);
    expect(sources.length).toBeGreaterThanOrEqual(7);
  });

  it.each(sources.map((s) => [s.slice(packagesDir.length)]))(
    '%s lists its exports by name (no export *)',
    (source) => {
      const text = readFileSync(join(packagesDir, source), 'utf8');
      expect(text).not.toMatch(/^export \* from/m);
      expect(text).toMatch(/^export (type )?\{/m);
    },
  );
});
