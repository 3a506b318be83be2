import { discoverResources, type KubeClient, resolveResource } from '@rxkube/core';
import { type ApiResource, resourcesInCategory } from '@rxkube/core/discovery';
import { cliDefaults } from '../../cli-defaults.js';
import { CliError } from '../cli-error.js';

/** One resource type to get, with the names asked for (none: all that the selectors match). */
export interface ResourceRequest {
  readonly resource: ApiResource;
  readonly names: string[];
}

/** What the positional arguments of `get` ask for, and whether one object is implied. */
export interface ResolvedRequests {
  readonly requests: ResourceRequest[];
  /** `get pod x` or `get pod/x`: the object itself is printed, not a List around it. */
  readonly singleItem: boolean;
  /** Several types (`pods,svc`, `all`, `type/name` of two kinds): NAME shows `kind/name`. */
  readonly severalTypes: boolean;
}

/**
 * Reads `get`'s arguments as kubectl does: `TYPE[,TYPE…] [NAME…]`, or `TYPE/NAME…` (never mixed),
 * where a type may be `all` (every preferred resource in the category `all`, in discovery
 * order) when no name is asked for; `all/NAME` and `pods,all NAME` name no type, and `all NAME`
 * is refused, as kubectl 1.20 answers them. Discovery is read once; an unknown type is kubectl's
 * one-line error.
 */
export async function resolveRequests(
  positionals: readonly string[],
  discover: (scope: 'core' | 'all') => Promise<ApiResource[]>,
): Promise<ResolvedRequests> {
  const [first = '', ...rest] = positionals;
  let resources: Promise<ApiResource[]> | undefined;
  let core: Promise<ApiResource[]> | undefined;
  const all = () => {
    resources ??= discover('all');
    return resources;
  };
  /** One resource type, never a category: `all` is no type (kubectl's own error for it). */
  const findType = async (argument: string): Promise<ApiResource> => {
    // The core API has priority: an unqualified name is looked up there first, and the groups
    // are read only when it is not found there.
    if (!argument.includes('.') && resources === undefined) {
      core ??= discover('core');
      const inCore = resolveResource(await core, argument);
      if (inCore !== undefined) return inCore;
    }
    const found = resolveResource(await all(), argument);
    if (found === undefined) {
      throw new CliError(`the server doesn't have a resource type "${argument}"`);
    }
    return found;
  };
  /** A type, or the category `all` when no name is asked for (kubectl expands it only then). */
  const find = async (argument: string): Promise<ApiResource[]> => {
    if (argument === 'all' && rest.length === 0) {
      return resourcesInCategory(await all(), 'all');
    }
    return [await findType(argument)];
  };
  if (first.includes('/')) {
    const requests: ResourceRequest[] = [];
    for (const argument of positionals) {
      const slash = argument.indexOf('/');
      if (slash <= 0 || slash === argument.length - 1) {
        throw new CliError(
          "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'rxkube get resource/<resource_name>' instead of 'rxkube get resource resource/<resource_name>'",
        );
      }
      const resource = await findType(argument.slice(0, slash));
      const name = argument.slice(slash + 1);
      const existing = requests.find((r) => r.resource === resource);
      if (existing) existing.names.push(name);
      else requests.push({ resource, names: [name] });
    }
    return {
      requests,
      singleItem: positionals.length === 1,
      severalTypes: requests.length > 1,
    };
  }
  const types = first.split(',').filter((t) => t !== '');
  // kubectl 1.20: names after `all` alone are refused; `all` beside other types is no type.
  if (rest.length > 0 && types.length === 1 && types[0] === 'all') {
    throw new CliError('you must specify only one resource');
  }
  const requests: ResourceRequest[] = [];
  for (const type of types) {
    for (const resource of await find(type)) {
      if (!requests.some((r) => r.resource === resource)) {
        requests.push({ resource, names: [...rest] });
      }
    }
  }
  return {
    requests,
    singleItem: types.length === 1 && types[0] !== 'all' && rest.length === 1,
    severalTypes: types.length > 1 || types.includes('all'),
  };
}

/** Discovery for `get`: the whole API once, as kubectl reads it. */
export function discoverAll(
  client: KubeClient,
  signal: AbortSignal,
  debug: (line: string) => void,
): (scope: 'core' | 'all') => Promise<ApiResource[]> {
  return (scope) =>
    discoverResources(client, {
      scope,
      signal,
      concurrency: cliDefaults.discoveryConcurrency,
      onSkipped: (groupVersion, error) =>
        debug(`discovery of ${groupVersion} failed, skipped: ${String(error)}`),
    });
}
