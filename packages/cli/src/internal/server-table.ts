/** A column of a `meta.k8s.io/v1` Table. */
export interface TableColumn {
  readonly name: string;
  readonly type: string;
  readonly format: string;
  readonly description?: string;
  readonly priority: number;
}

/** A row of a Table: its cells and the object (its metadata, or all of it with `includeObject=Object`). */
export interface TableRow {
  readonly cells: readonly unknown[];
  readonly object?: {
    readonly metadata?: {
      readonly name?: string;
      readonly namespace?: string;
      readonly labels?: Readonly<Record<string, string>>;
    };
    readonly [key: string]: unknown;
  } | null;
}

/** A Table as kube-apiserver serves it for `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`. */
export interface ServerTable {
  readonly kind: 'Table';
  readonly columnDefinitions: readonly TableColumn[];
  readonly rows: readonly TableRow[];
  readonly metadata?: {
    readonly resourceVersion?: string;
    readonly continue?: string;
    readonly remainingItemCount?: number;
  };
}

/** The Accept header kubectl 1.20 sends for human-readable output: Tables, else plain JSON. */
export const TABLE_ACCEPT =
  'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

/** Whether a decoded answer is a Table (a server without server-side printing sends objects). */
export function isServerTable(value: unknown): value is ServerTable {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Table' &&
    Array.isArray((value as { columnDefinitions?: unknown }).columnDefinitions)
  );
}
