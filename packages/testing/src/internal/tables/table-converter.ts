import type { VersionProfile } from '../profiles/version-profile.js';
import type { ResourceType } from '../resources/resource-type.js';
import { BUILTIN_PRINTERS, type BuiltinRow } from './builtin-rows.js';
import { COLUMN_DEFINITIONS, type ColumnTuple } from './column-definitions.js';
import { podRow } from './pod-row.js';
import { customColumns } from './printer-columns.js';

/** What a Table row carries of its object (`?includeObject=`). */
export type IncludeObject = 'Metadata' | 'Object' | 'None';

// biome-ignore lint/suspicious/noExplicitAny: objects of any shape, read defensively.
type Obj = any;

/** Turns objects of one resource into Table column definitions and rows, as the version does. */
export interface TableConverter {
  readonly columnDefinitions: readonly Record<string, unknown>[];
  row(object: Obj, include: IncludeObject, now: number): Record<string, unknown>;
}

const definition = ([name, type, format, description, priority]: ColumnTuple) => ({
  name,
  type,
  format,
  description,
  priority,
});

/** The Name column and the Age description that custom resources share with ConfigMaps. */
function sharedColumns(): { readonly name: ColumnTuple; readonly ageDescription: string } {
  const [name, , age] = COLUMN_DEFINITIONS['/v1/configmaps'] ?? [];
  if (name === undefined || age === undefined) {
    throw new Error('COLUMN_DEFINITIONS lacks the ConfigMap Name and Age columns');
  }
  return { name, ageDescription: age[3] };
}

const { name: NAME_COLUMN, ageDescription: AGE_DESCRIPTION } = sharedColumns();

function defaultColumns(): readonly ColumnTuple[] {
  const columns = COLUMN_DEFINITIONS.default;
  if (columns === undefined) throw new Error('COLUMN_DEFINITIONS lacks the default columns');
  return columns;
}

/** The Name and Created At columns of every built-in resource without its own printer. */
const DEFAULT_COLUMNS = defaultColumns();

function rowObject(object: Obj, type: ResourceType, include: IncludeObject): unknown {
  if (include === 'None') return null;
  if (include === 'Object') return { kind: type.kind, apiVersion: type.apiVersion, ...object };
  return {
    kind: 'PartialObjectMetadata',
    apiVersion: 'meta.k8s.io/v1',
    metadata: object.metadata ?? {},
  };
}

const PODS = '/v1/pods';

/**
 * 1.22+'s pod RESTARTS column: a string with the age of the last restart (kubernetes
 * pkg/printers/internalversion/printers.go `AddHandlers`).
 */
const RESTARTS_WITH_AGE: ColumnTuple = [
  'Restarts',
  'string',
  '',
  'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
  0,
];

/** A built-in printer as the version prints (1.20's unless a later one changed it). */
function printerFor(
  key: string,
  profile: VersionProfile,
): ((object: Obj, now: number) => BuiltinRow) | undefined {
  if (key !== PODS || !profile.podRestartsWithAge) return BUILTIN_PRINTERS[key];
  const features = {
    restartsWithAge: true,
    schedulingGated: profile.podSchedulingGated,
    sidecars: profile.podSidecars,
  };
  return (object, now) => podRow(object, now, features);
}

/** A built-in printer's columns as the version defines them. */
function columnsFor(key: string, profile: VersionProfile): readonly ColumnTuple[] | undefined {
  const columns = COLUMN_DEFINITIONS[key];
  if (key !== PODS || !profile.podRestartsWithAge || columns === undefined) return columns;
  return columns.map((column) => (column[0] === 'Restarts' ? RESTARTS_WITH_AGE : column));
}

/** The converter for a resource: its built-in printer, its CRD columns, or NAME and CREATED AT. */
export function tableConverter(type: ResourceType, profile: VersionProfile): TableConverter {
  const key = `${type.group}/${type.version}/${type.resource}`;
  const printer = printerFor(key, profile);
  const columns = columnsFor(key, profile);
  if (printer !== undefined && columns !== undefined) {
    return {
      columnDefinitions: columns.map(definition),
      row: (object, include, now) => {
        const { cells, conditions } = printer(object, now);
        return {
          cells,
          ...(conditions === undefined ? {} : { conditions }),
          object: rowObject(object, type, include),
        };
      },
    };
  }
  if (!type.builtin) {
    const custom = customColumns(type.printerColumns ?? [], AGE_DESCRIPTION);
    return {
      columnDefinitions: [definition(NAME_COLUMN), ...custom.map((c) => c.definition)],
      row: (object, include, now) => ({
        cells: [object.metadata?.name ?? '', ...custom.map((c) => c.cell(object, now))],
        object: rowObject(object, type, include),
      }),
    };
  }
  return {
    columnDefinitions: DEFAULT_COLUMNS.map(definition),
    row: (object, include) => ({
      cells: [object.metadata?.name ?? '', object.metadata?.creationTimestamp ?? ''],
      object: rowObject(object, type, include),
    }),
  };
}
