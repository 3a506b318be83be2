import { type KubeClient, type KubeObject, list$, objectKey } from '@rxkube/core';
import type { CliIo } from '../../cli-io.js';
import type { GetArgs } from '../cli-args.js';
import { CliError } from '../cli-error.js';
import type { Palette } from '../render/palette.js';
import { stderrProgress } from '../render/progress.js';
import { renderTable } from '../render/render-table.js';
import { runUntilAborted } from '../run-until-aborted.js';
import type { GetTarget } from './get-target.js';
import { formatDocument, listDocument, nameOf, withTypeMeta } from './object-documents.js';

/** `rxkube get` without `-w`: one paginated LIST, printed once. */
export async function listOnce(
  client: KubeClient,
  args: GetArgs,
  target: GetTarget,
  io: CliIo,
  palette: Palette,
): Promise<'completed' | 'aborted'> {
  const progress = stderrProgress(io.stderr, target.label);
  let items: KubeObject[] = [];
  const outcome = await runUntilAborted(
    list$(client, target.ref, {
      pageSize: args.chunkSize,
      onPage: (page) => progress.page(page),
      ...(args.selector === undefined ? {} : { labelSelector: args.selector }),
      ...fieldSelectorOption(args),
    }),
    io.signal,
    (result) => {
      items = result.items.filter((item) => target.keep(objectKey(item)));
    },
  ).finally(() => progress.done());
  if (outcome === 'aborted') return outcome;
  printList(items, target, io, palette);
  const missing = args.names.filter((name) => !items.some((item) => item.metadata?.name === name));
  if (missing.length > 0) {
    throw new CliError(
      missing.map((name) => `${target.resource.name} "${name}" not found`).join('; '),
    );
  }
  return outcome;
}

/** The field selector of the flags, with `metadata.name=` when exactly one name is asked for. */
export function fieldSelectorOption(args: GetArgs): { fieldSelector?: string } {
  const parts = [
    ...(args.fieldSelector ? [args.fieldSelector] : []),
    ...(args.names.length === 1 ? [`metadata.name=${args.names[0]}`] : []),
  ];
  return parts.length === 0 ? {} : { fieldSelector: parts.join(',') };
}

function printList(items: KubeObject[], target: GetTarget, io: CliIo, palette: Palette): void {
  const { output, resource, columns } = target;
  if (output === 'json' || output === 'yaml') {
    io.stdout.write(formatDocument(listDocument(items, resource), output));
    return;
  }
  if (output === 'ndjson') {
    for (const item of items) io.stdout.write(formatDocument(withTypeMeta(item, resource), output));
    return;
  }
  if (output === 'name') {
    for (const item of items) io.stdout.write(`${nameOf(item, resource)}\n`);
    return;
  }
  if (items.length === 0) {
    io.stderr.write(
      target.ref.namespace === undefined
        ? 'No resources found\n'
        : `No resources found in ${target.ref.namespace} namespace.\n`,
    );
    return;
  }
  const now = Date.now();
  const rows = [[...columns.headers], ...items.map((item) => columns.row(item, now, palette))];
  io.stdout.write(`${renderTable(rows).join('\n')}\n`);
}
