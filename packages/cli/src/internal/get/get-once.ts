import { readFile } from 'node:fs/promises';
import { dropManagedFields, type KubeClient, type KubeObject } from '@rxkube/core';
import type { ApiResource } from '@rxkube/core/discovery';
import type { CliIo } from '../../cli-io.js';
import { JsonPathError } from '../../jsonpath/json-path-error.js';
import { parseJsonPath } from '../../jsonpath/parse-json-path.js';
import type { GetArgs } from '../cli-args.js';
import { CliError } from '../cli-error.js';
import {
  customColumnLines,
  parseCustomColumns,
  parseCustomColumnsFile,
} from '../print/custom-columns.js';
import { escapeTerminal } from '../print/escape-terminal.js';
import { goJson } from '../print/go-json.js';
import { compileGoTemplate } from '../print/go-template.js';
import { GoTemplateError } from '../print/go-template-error.js';
import { goYaml } from '../print/go-yaml.js';
import { humanTableLines } from '../print/human-table.js';
import { relaxedJsonPath, sortBy } from '../print/sort-by.js';
import { tabWriter } from '../print/tab-writer.js';
import type { stderrProgress } from '../render/progress.js';
import type { ServerError } from '../server-error.js';
import { fallbackTable } from './fallback-table.js';
import { type FetchRequest, fetchObjects, fetchTableRows } from './fetch-items.js';
import type { ResolvedRequests } from './resolve-requests.js';

/** `pod`, `deployment.apps`: the kind as `-o name` and `--show-kind` print it. */
export function kindPrefix(resource: ApiResource): string {
  const kind = resource.kind.toLowerCase();
  return resource.group ? `${kind}.${resource.group}` : kind;
}

function fetchRequest(
  args: GetArgs,
  resource: ApiResource,
  names: readonly string[],
  namespace: string | undefined,
  io: CliIo,
  progressOn: typeof stderrProgress | undefined,
): FetchRequest {
  const signal = io.signal;
  const progress = progressOn
    ? progressOn(
        io.stderr,
        `${resource.name}${namespace && resource.namespaced ? ` in namespace "${namespace}"` : ''}`,
      )
    : undefined;
  return {
    ...(progress
      ? {
          onPage: (page: number, items: number, remaining: number | undefined) => {
            progress.page({
              page,
              items,
              ...(remaining === undefined ? {} : { remainingItemCount: remaining }),
            });
            if (remaining === undefined) progress.done();
          },
        }
      : {}),
    resource,
    namespace: resource.namespaced ? namespace : undefined,
    names,
    chunkSize: args.chunkSize,
    signal,
    ...(args.selector === undefined ? {} : { labelSelector: args.selector }),
    ...(args.fieldSelector === undefined ? {} : { fieldSelector: args.fieldSelector }),
    ...(args.requestTimeoutMs ? { timeoutMs: args.requestTimeoutMs } : {}),
  };
}

/** kubectl's note on stderr when nothing matched. */
function nothingFound(io: CliIo, namespace: string | undefined, namespaced: boolean): void {
  io.stderr.write(
    namespace === undefined || !namespaced
      ? 'No resources found\n'
      : `No resources found in ${escapeTerminal(namespace)} namespace.\n`,
  );
}

/**
 * `rxkube get` without `-w`: every requested type fetched once and printed as kubectl prints it
 * (server-side Tables for human output, objects for the other formats); names that do not
 * exist are reported after the output, as kubectl does, and fail the command.
 */
export async function getOnce(
  client: KubeClient,
  args: GetArgs,
  resolved: ResolvedRequests,
  namespace: string | undefined,
  io: CliIo,
): Promise<'completed'> {
  const format = args.format;
  const errors: ServerError[] = [];
  // A large list reports its pages on a terminal only: piped output stays kubectl's (and the
  // terminal-drawing library is loaded only then).
  const progressOn = io.stderr.isTTY
    ? (await import('../render/progress.js')).stderrProgress
    : undefined;
  const anyNamespaced = resolved.requests.some((r) => r.resource.namespaced);
  if (format.kind === 'table' || format.kind === 'wide') {
    const blocks: string[] = [];
    for (const { resource, names } of resolved.requests) {
      const request = fetchRequest(args, resource, names, namespace, io, progressOn);
      const got = await fetchTableRows(client, request, args.sortBy ? 'Object' : 'Metadata');
      errors.push(...got.errors);
      if (got.items.length === 0) continue;
      const table = got.table ?? fallbackTable(resource, got.items, namespace === undefined);
      const all = got.table === undefined ? table.rows : got.items;
      const rows = args.sortBy ? sortBy(all, args.sortBy, (row) => row.object) : all;
      const lines = humanTableLines(table.columnDefinitions, rows, {
        wide: format.kind === 'wide',
        withNamespace: namespace === undefined && resource.namespaced,
        ...(args.showKind || resolved.severalTypes ? { kindPrefix: kindPrefix(resource) } : {}),
        labelColumns: args.labelColumns,
        showLabels: args.showLabels,
        noHeaders: args.noHeaders,
      });
      blocks.push(tabWriter(lines));
    }
    // kubectl separates the types' tables by an empty line, unless they have no headers.
    if (blocks.length > 0) io.stdout.write(blocks.join(args.noHeaders ? '' : '\n'));
    else if (errors.length === 0) nothingFound(io, namespace, anyNamespaced);
    return finish(errors);
  }

  const found: { object: KubeObject; resource: ApiResource }[] = [];
  for (const { resource, names } of resolved.requests) {
    const got = await fetchObjects(
      client,
      fetchRequest(args, resource, names, namespace, io, progressOn),
    );
    errors.push(...got.errors);
    for (const object of got.items) found.push({ object, resource });
  }
  const sortedFound = args.sortBy ? sortBy(found, args.sortBy, (f) => f.object) : found;
  const sorted = sortedFound.map((f) => f.object);
  if (format.kind === 'name') {
    io.stdout.write(
      sortedFound
        .map(({ object, resource }) =>
          escapeTerminal(`${kindPrefix(resource)}/${object.metadata?.name ?? ''}\n`),
        )
        .join(''),
    );
    return finish(errors);
  }
  if (format.kind === 'ndjson') {
    io.stdout.write(sorted.map((o) => `${JSON.stringify(o)}\n`).join(''));
    return finish(errors);
  }
  // An empty list is printed too, as kubectl 1.32 prints it (`[]`, a header, `0`): a template
  // that cannot be read fails even then.
  if (resolved.singleItem && sorted.length === 0) return finish(errors);
  // kubectl (since 1.21) leaves managedFields out of -o json and -o yaml, and only there.
  const shown =
    (format.kind === 'json' || format.kind === 'yaml') && !args.showManagedFields
      ? sorted.map(dropManagedFields)
      : sorted;
  const document: unknown =
    resolved.singleItem && shown.length === 1
      ? shown[0]
      : { apiVersion: 'v1', items: shown, kind: 'List', metadata: { resourceVersion: '' } };
  switch (format.kind) {
    case 'json':
      io.stdout.write(`${goJson(document)}\n`);
      break;
    case 'yaml':
      io.stdout.write(goYaml(document));
      break;
    case 'jsonpath': {
      const template = await formatText(format.template, format.file, 'jsonpath-file');
      const path = kubectlJsonPath(template);
      io.stdout.write(
        escapeTerminal(
          format.asJson
            ? path
                .results(document)
                .map((result) => `${goJson(result)}\n`)
                .join('')
            : path.print(document),
        ),
      );
      break;
    }
    case 'go-template': {
      const template = await formatText(format.template, format.file, 'go-template-file');
      const compiled = compileGoTemplate(template);
      try {
        io.stdout.write(escapeTerminal(compiled.execute(document)));
      } catch (error) {
        // kubectl prints what it could, then the template and data, before its error line.
        if (error instanceof GoTemplateError) io.stdout.write(escapeTerminal(error.stdout));
        throw error;
      }
      break;
    }
    case 'custom-columns': {
      const columns = format.file
        ? parseCustomColumnsFile(await readText(format.spec, 'custom-columns-file'))
        : parseCustomColumns(format.spec);
      // kubectl reads the columns' paths after printing their headers, and says what is wrong
      // with the first one it cannot read in its parser's own words.
      const unreadable = columns
        .map((column) => jsonPathProblem(relaxedJsonPath(column.path)))
        .find((problem) => problem !== undefined);
      if (unreadable !== undefined) {
        if (!args.noHeaders) io.stdout.write(tabWriter([columns.map((column) => column.header)]));
        throw new CliError(unreadable);
      }
      io.stdout.write(tabWriter(customColumnLines(columns, sorted, args.noHeaders)));
      break;
    }
  }
  return finish(errors);
}

/**
 * A `-o jsonpath` template read as kubectl reads it, or kubectl's error for it: `error parsing
 * jsonpath {.items[0, unterminated array`.
 */
function kubectlJsonPath(template: string): ReturnType<typeof parseJsonPath> {
  try {
    return parseJsonPath(template);
  } catch (error) {
    throw new CliError(`error parsing jsonpath ${template}, ${jsonPathReason(error, template)}`);
  }
}

/** Why a JSONPath template cannot be read, without the template itself; `undefined` if it can. */
function jsonPathProblem(template: string): string | undefined {
  try {
    parseJsonPath(template);
    return undefined;
  } catch (error) {
    return jsonPathReason(error, template);
  }
}

/** The reason of a {@link JsonPathError} without ` in "<template>"`; other errors are rethrown. */
function jsonPathReason(error: unknown, template: string): string {
  if (!(error instanceof JsonPathError)) throw error;
  const where = ` in ${JSON.stringify(template)}`;
  return error.message.endsWith(where) ? error.message.slice(0, -where.length) : error.message;
}

/** The text an output format was given (`-o jsonpath=…`), or its file's (`-o jsonpath-file=…`). */
async function formatText(value: string, file: boolean | undefined, flag: string): Promise<string> {
  return file ? await readText(value, flag) : value;
}

async function readText(path: string, flag: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(
      `error reading --output ${flag} ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
}

function finish(errors: readonly ServerError[]): 'completed' {
  if (errors.length === 0) return 'completed';
  const [first, ...others] = errors;
  throw others.length === 0 ? first : new CombinedServerErrors(errors);
}

/** Several names not found: one line each, as kubectl prints them. */
class CombinedServerErrors extends CliError {
  override readonly prefixed = false;

  constructor(errors: readonly ServerError[]) {
    super(errors.map((e) => e.message).join('\n'));
  }
}
