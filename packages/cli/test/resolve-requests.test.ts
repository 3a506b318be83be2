import type { ApiResource } from '@rxkube/core/discovery';
import { describe, expect, it } from 'vitest';
import { CliError } from '../src/internal/cli-error.js';
import { resolveRequests } from '../src/internal/get/resolve-requests.js';

const resource = (name: string, kind: string, categories?: readonly string[]): ApiResource => ({
  group: '',
  version: 'v1',
  name,
  singularName: kind.toLowerCase(),
  kind,
  namespaced: true,
  shortNames: [],
  verbs: ['get', 'list', 'watch'],
  preferred: true,
  ...(categories === undefined ? {} : { categories }),
});

const pods = resource('pods', 'Pod', ['all']);
const configMaps = resource('configmaps', 'ConfigMap');

describe('resolveRequests', () => {
  it('reads TYPE/NAME pairs, grouping names of one type', async () => {
    const resolved = await resolveRequests(['pods/a', 'cm/b', 'pod/c'], async () => [
      { ...configMaps, shortNames: ['cm'] },
      pods,
    ]);
    expect(resolved.requests.map((r) => [r.resource.name, r.names])).toEqual([
      ['pods', ['a', 'c']],
      ['configmaps', ['b']],
    ]);
    expect(resolved.singleItem).toBe(false);
    expect(resolved.severalTypes).toBe(true);
  });

  it('rejects all/NAME with an unknown-type error when nothing is in the category all', async () => {
    const resolved = resolveRequests(['all/a'], async () => [configMaps]);
    await expect(resolved).rejects.toBeInstanceOf(CliError);
    await expect(resolved).rejects.toThrow(`the server doesn't have a resource type "all"`);
  });
});
