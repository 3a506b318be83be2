import { groupVersion, groupVersionPath } from '../internal/group-version.js';
import type { KubeClient } from '../kube-client.js';
import type { ApiResource } from './api-resource.js';
import { discoveryDefaults } from './discovery-defaults.js';
import { getDiscoveryJson } from './internal/get-discovery-json.js';
import { type GroupVersion, resourcesOf } from './internal/resources-of.js';

/**
 * Options of {@link discoverResources}.
 *
 * @example
 * ```ts
 * import type { DiscoverResourcesOptions } from '@rxkube/core/discovery';
 * const options: DiscoverResourcesOptions = { scope: 'core', signal: AbortSignal.timeout(5_000) };
 * ```
 */
export interface DiscoverResourcesOptions {
  /**
   * Which part of the API to read: `'core'` (`/api`), `'groups'` (`/apis`) or `'all'`.
   * Default `'all'`.
   */
  readonly scope?: 'core' | 'groups' | 'all';
  /** Aborting it cancels the discovery requests. */
  readonly signal?: AbortSignal;
  /** Called for a group version whose discovery failed (it is left out, as kubectl does). */
  readonly onSkipped?: (groupVersion: string, error: unknown) => void;
  /**
   * How many group versions are read at once when the server has no aggregated discovery.
   * Default `discoveryDefaults.concurrency` (8).
   */
  readonly concurrency?: number;
}

/** Aggregated discovery (`apidiscovery.k8s.io`), asked for first; plain JSON is the fallback. */
const AGGREGATED_ACCEPT =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';

interface AggregatedList {
  readonly kind?: string;
  readonly items?: readonly {
    readonly metadata?: { readonly name?: string };
    readonly versions?: readonly {
      readonly version: string;
      readonly resources?: readonly {
        readonly resource: string;
        readonly responseKind?: { readonly kind?: string };
        readonly scope?: string;
        readonly singularResource?: string;
        readonly verbs?: readonly string[];
        readonly shortNames?: readonly string[];
        readonly categories?: readonly string[];
      }[];
    }[];
  }[];
}

function fromAggregated(list: AggregatedList): ApiResource[] {
  const resources: ApiResource[] = [];
  for (const group of list.items ?? []) {
    for (const [index, version] of (group.versions ?? []).entries()) {
      for (const r of version.resources ?? []) {
        const kind = r.responseKind?.kind ?? '';
        resources.push({
          group: group.metadata?.name ?? '',
          version: version.version,
          name: r.resource,
          singularName: r.singularResource || kind.toLowerCase(),
          kind,
          namespaced: r.scope === 'Namespaced',
          shortNames: r.shortNames ?? [],
          verbs: r.verbs ?? [],
          preferred: index === 0,
          ...(r.categories ? { categories: r.categories } : {}),
        });
      }
    }
  }
  return resources;
}

/** Runs the tasks with at most `limit` at once, keeping their order in the result. */
async function bounded<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (task !== undefined) results[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

interface ApiVersions {
  readonly versions?: readonly string[];
}

interface ApiGroupList {
  readonly groups?: readonly {
    readonly name: string;
    readonly versions?: readonly { readonly version: string }[];
    readonly preferredVersion?: { readonly version: string };
  }[];
}

/**
 * Reads the API server's discovery: aggregated discovery (`/api` and `/apis` as
 * `APIGroupDiscoveryList`, two requests) where the server offers it, else the documents
 * `/api`, `/apis`, `/api/{v}`, `/apis/{g}/{v}` (a bounded number at once), and
 * returns every resource type it serves, in kubectl's order of priority: the core API first, then
 * the groups in the server's order, each group's preferred version before its others.
 * Subresources are left out.
 *
 * A group version whose document cannot be read (an aggregated API that is down) is skipped and
 * reported to `onSkipped`; a failure of `/api` or `/apis` itself rejects with the typed error.
 *
 * @example
 * ```ts
 * import { discoverResources } from '@rxkube/core';
 * import { createClient } from '@rxkube/node';
 * const resources = await discoverResources(createClient({ baseUrl: 'http://127.0.0.1:8001' }));
 * console.log(resources.map((r) => r.name));
 * ```
 */
export async function discoverResources(
  client: KubeClient,
  options: DiscoverResourcesOptions = {},
): Promise<ApiResource[]> {
  const scope = options.scope ?? 'all';
  const versions: GroupVersion[] = [];
  const aggregated: ApiResource[] = [];
  let groupsAggregated = false;
  if (scope !== 'groups') {
    const core = await getDiscoveryJson<ApiVersions & AggregatedList>(
      client,
      '/api',
      options.signal,
      AGGREGATED_ACCEPT,
    );
    if (core.kind === 'APIGroupDiscoveryList') aggregated.push(...fromAggregated(core));
    else {
      for (const [index, version] of (core.versions ?? []).entries()) {
        versions.push({ group: '', version, preferred: index === 0 });
      }
    }
  }
  if (scope !== 'core') {
    const groups = await getDiscoveryJson<ApiGroupList & AggregatedList>(
      client,
      '/apis',
      options.signal,
      AGGREGATED_ACCEPT,
    );
    if (groups.kind === 'APIGroupDiscoveryList') {
      aggregated.push(...fromAggregated(groups));
      groupsAggregated = true;
    }
    for (const group of groupsAggregated ? [] : (groups.groups ?? [])) {
      const preferred = group.preferredVersion?.version ?? group.versions?.[0]?.version;
      const ordered = [...(group.versions ?? [])].sort(
        (a, b) => Number(b.version === preferred) - Number(a.version === preferred),
      );
      for (const { version } of ordered) {
        versions.push({ group: group.name, version, preferred: version === preferred });
      }
    }
  }
  const lists = await bounded(
    versions.map((gv) => async () => {
      const path = groupVersionPath(gv);
      try {
        return resourcesOf(gv, await getDiscoveryJson(client, path, options.signal));
      } catch (error) {
        if (options.signal?.aborted) throw error;
        options.onSkipped?.(groupVersion(gv), error);
        return [];
      }
    }),
    options.concurrency ?? discoveryDefaults.concurrency,
  );
  return [...aggregated, ...lists.flat()];
}
