import { collectionUpdates$, type KubeClient, type ResourceRef } from '@rxkube/core';
import type { ApiResource } from '@rxkube/core/discovery';
import { cliDefaults } from '../../cli-defaults.js';
import type { CliIo } from '../../cli-io.js';
import type { GetArgs } from '../cli-args.js';
import { CliError } from '../cli-error.js';
import { createPalette } from '../render/palette.js';
import { resourceColumns } from '../render/resource-columns.js';
import { runUntilAborted } from '../run-until-aborted.js';
import { documentPrinter } from './document-printer.js';
import type { GetTarget } from './get-target.js';
import { linePrinter } from './line-printer.js';
import { livePrinter } from './live-printer.js';
import type { ResourceRequest } from './resolve-requests.js';
import { tableColumns } from './table-columns.js';
import { tableTransport } from './table-transport.js';
import type { WatchPrinter } from './watch-printer.js';

/**
 * `rxkube get -w`: the resource kept live (list, then watch, relisting and reconnecting as
 * needed) and printed as a live table on a terminal, as rows or documents elsewhere. Loaded only
 * for `-w`, so a one-shot `get` never loads RxJS or the table renderer.
 */
export async function getWatch(
  client: KubeClient,
  args: GetArgs,
  only: ResourceRequest,
  io: CliIo,
): Promise<'completed' | 'aborted'> {
  const palette = createPalette(io.stdout.isTTY === true, io.env);
  const resource = only.resource;
  requireVerb(resource, 'list');
  if (args.watch) requireVerb(resource, 'watch');
  const namespace = args.allNamespaces
    ? undefined
    : (args.namespace ?? client.namespace ?? cliDefaults.namespace);
  const ref: ResourceRef = {
    ...(resource.group ? { group: resource.group } : {}),
    version: resource.version,
    resource: resource.name,
    ...(resource.namespaced && namespace !== undefined ? { namespace } : {}),
  };
  // A table shows the server's columns: the collection reads Tables, each object with its cells.
  const table =
    args.output === 'table'
      ? tableColumns(resource, args.allNamespaces, args.format.kind === 'wide')
      : undefined;
  const watchClient: KubeClient = table
    ? {
        transport: tableTransport(client.transport, table.setColumns),
        ...(client.namespace === undefined ? {} : { namespace: client.namespace }),
      }
    : client;
  const names = new Set(only.names);
  const target: GetTarget = {
    resource,
    ref,
    label: labelOf(resource, ref),
    columns: table?.columns ?? resourceColumns(resource, args.allNamespaces),
    output: args.output,
    keep: (key) => names.size === 0 || names.has(key.slice(key.indexOf('/') + 1)),
  };
  const printer = choosePrinter(args, target, io, palette);
  const source = collectionUpdates$(watchClient, ref, {
    pageSize: args.chunkSize,
    backoff: cliDefaults.watchBackoff,
    // a command line reports a missing resource or permission at once, as kubectl does
    retryNotFoundOrForbidden: false,
    onPage: (page) => printer.page(page),
    ...(args.selector === undefined ? {} : { labelSelector: args.selector }),
    ...fieldSelectorOption(args, only.names),
  });
  try {
    return await runUntilAborted(source, io.signal, (update) => printer.update(update, Date.now()));
  } finally {
    printer.close();
  }
}

function choosePrinter(
  args: GetArgs,
  target: GetTarget,
  io: CliIo,
  palette: ReturnType<typeof createPalette>,
): WatchPrinter {
  if (args.output !== 'table') {
    return documentPrinter(target, io, {
      watchOnly: args.watchOnly,
      watchEvents: args.outputWatchEvents,
      showManagedFields: args.showManagedFields,
    });
  }
  if (io.stdout.isTTY) return livePrinter(target, io, palette, args.sort);
  return linePrinter(target, io, palette, {
    withEvents: args.outputWatchEvents,
    watchOnly: args.watchOnly,
    noHeaders: args.noHeaders,
  });
}

function requireVerb(resource: ApiResource, verb: string): void {
  if (resource.verbs.length > 0 && !resource.verbs.includes(verb)) {
    throw new CliError(`the server does not allow ${verb} on "${resource.name}"`);
  }
}

function labelOf(resource: ApiResource, ref: ResourceRef): string {
  const name = resource.group ? `${resource.name}.${resource.group}` : resource.name;
  if (!resource.namespaced) return name;
  return ref.namespace === undefined
    ? `${name} in all namespaces`
    : `${name} in namespace "${ref.namespace}"`;
}

/** The field selector of the flags, with `metadata.name=` when exactly one name is watched. */
function fieldSelectorOption(args: GetArgs, names: readonly string[]): { fieldSelector?: string } {
  const parts = [
    ...(args.fieldSelector ? [args.fieldSelector] : []),
    ...(names.length === 1 ? [`metadata.name=${names[0]}`] : []),
  ];
  return parts.length === 0 ? {} : { fieldSelector: parts.join(',') };
}
