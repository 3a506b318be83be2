import { dropManagedFields, type KubeObject } from '@rxkube/core';
import type { CliIo } from '../../cli-io.js';
import { escapeTerminal } from '../print/escape-terminal.js';
import { goJson, quote } from '../print/go-json.js';
import { goJsonLine } from '../print/go-json-line.js';
import { goYaml } from '../print/go-yaml.js';
import type { GetTarget } from './get-target.js';
import { deltaDocument, formatDocument, nameOf, withTypeMeta } from './object-documents.js';
import { pipedPrinter } from './piped-printer.js';
import type { WatchPrinter } from './watch-printer.js';

/** How the documents of `get -w` are printed. */
export interface DocumentPrinterOptions {
  /** `--watch-only`: the initial items are not printed, only what changes after. */
  readonly watchOnly: boolean;
  /** `--output-watch-events`: each object inside its watch event `{type, object}`. */
  readonly watchEvents: boolean;
  /** `--show-managed-fields`: objects printed alone keep `metadata.managedFields`. */
  readonly showManagedFields: boolean;
}

const EVENT_TYPES = { added: 'ADDED', modified: 'MODIFIED', deleted: 'DELETED' } as const;

/**
 * `get -w -o json|yaml|name|ndjson`. As kubectl 1.32 prints them: `json` each object indented,
 * one after the other (with `--output-watch-events`, one line `{"type":…,"object":…}` each);
 * `yaml` objects (or `object:`/`type:` events) separated by `---`; `name` one `kind/name` line
 * per change. The initial items count as `ADDED`. Objects printed alone lose
 * `metadata.managedFields` unless `showManagedFields`; inside watch events kubectl keeps them,
 * and so does this. `ndjson`, rxkube's own, is one line `{type, key, object}` per change, for `jq`.
 */
export function documentPrinter(
  target: GetTarget,
  io: CliIo,
  options: DocumentPrinterOptions,
): WatchPrinter {
  let printed = 0;
  const alone = (object: KubeObject) =>
    options.showManagedFields ? object : dropManagedFields(object);
  return pipedPrinter(target, io, (update, initial) => {
    if (initial && options.watchOnly) return;
    let out = '';
    for (const delta of update.deltas) {
      if (!target.keep(delta.key)) continue;
      switch (target.output) {
        case 'name':
          out += escapeTerminal(`${nameOf(delta.object, target.resource)}\n`);
          break;
        case 'json': {
          const object = withTypeMeta(delta.object, target.resource);
          // A watch event is a Go struct: `type` before `object`, not sorted.
          out += options.watchEvents
            ? `{"type":${quote(EVENT_TYPES[delta.type])},"object":${goJsonLine(object)}}\n`
            : `${goJson(alone(object))}\n`;
          break;
        }
        case 'yaml': {
          const object = withTypeMeta(delta.object, target.resource);
          const document = options.watchEvents
            ? { type: EVENT_TYPES[delta.type], object }
            : alone(object);
          out += `${printed > 0 ? '---\n' : ''}${goYaml(document)}`;
          break;
        }
        case 'ndjson':
          out += formatDocument(deltaDocument(delta, target.resource), 'ndjson');
          break;
      }
      printed++;
    }
    if (out) io.stdout.write(out);
  });
}
