/**
 * `@rxkube/core/kinds` against the discovery of a real kube-apiserver 1.20
 * (`apiserver-1.20-resources.json`, as `discoverResources` read it; the conformance suite checks
 * the same against the live server): one ref per resource name, each the group version kubectl
 * resolves the name to, with the served kind.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ApiResource } from '../../src/discovery/index.js';
import { resolveResource } from '../../src/index.js';
import * as kinds from '../../src/kinds/index.js';

const resources = JSON.parse(
  await readFile(new URL('./apiserver-1.20-resources.json', import.meta.url), 'utf8'),
) as ApiResource[];
const refs = Object.entries(kinds);

describe('@rxkube/core/kinds', () => {
  it('has one ref per resource name kube-apiserver 1.20 serves, named by it in camelCase', () => {
    const names = [...new Set(resources.map((r) => r.name))].sort();
    expect(refs.map(([, ref]) => ref.resource).sort()).toEqual(names);
    for (const [id, ref] of refs) expect(id.toLowerCase(), id).toBe(ref.resource);
    expect(kinds).toMatchObject({
      configMaps: { resource: 'configmaps' },
      statefulSets: { resource: 'statefulsets' },
      customResourceDefinitions: { resource: 'customresourcedefinitions' },
      csiDrivers: { resource: 'csidrivers' },
      apiServices: { resource: 'apiservices' },
    });
  });

  it('names for each the group version and kind kubectl resolves its name to', () => {
    for (const [id, ref] of refs) {
      const served = resolveResource(resources, ref.resource);
      expect({ id, group: ref.group ?? '', version: ref.version, kind: ref.kind }).toEqual({
        id,
        group: served?.group,
        version: served?.version,
        kind: served?.kind,
      });
    }
    expect(kinds.events).toEqual({ version: 'v1', resource: 'events', kind: 'Event' });
    expect(kinds.ingresses).toMatchObject({ group: 'networking.k8s.io', version: 'v1' });
    expect(kinds.leases).toEqual({
      group: 'coordination.k8s.io',
      version: 'v1',
      resource: 'leases',
      kind: 'Lease',
    });
  });

  it('are refs to every namespace: none names one', () => {
    expect(refs.filter(([, ref]) => 'namespace' in ref).map(([id]) => id)).toEqual([]);
  });

  it('loads nothing of kubernetes-types at run time: its models are imported as types only', async () => {
    const files = ['index.ts', 'core-v1-refs.ts', 'api-group-refs.ts'];
    const sources = await Promise.all(
      files.map((file) => readFile(new URL(`../../src/kinds/${file}`, import.meta.url), 'utf8')),
    );
    const imports = sources.flatMap((source) => [
      ...source.matchAll(/^import (type )?[^;]*?from '([^']+)';/gms),
    ]);
    expect(imports.some(([, , from]) => from?.startsWith('kubernetes-types/') === true)).toBe(true);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter(([, type]) => type === undefined).map(([, , from]) => from)).toEqual([]);
  });
});
