import type { KubeObject } from '@rxkube/core';
import type { ApiResource } from '@rxkube/core/discovery';
import { cellText } from '../print/human-table.js';
import { age, type ResourceColumns, resourceColumns } from '../render/resource-columns.js';
import type { TableColumn } from '../server-table.js';
import { CELLS } from './table-transport.js';

/**
 * The columns of a `-w` table from the server's Table: the column definitions once known (the
 * hand-written ones until then, or for a server without Tables), each object's cells as the
 * server printed them, AGE recomputed as time passes.
 */
export function tableColumns(
  resource: ApiResource,
  allNamespaces: boolean,
  wide: boolean,
): { columns: ResourceColumns; setColumns: (columns: readonly TableColumn[]) => void } {
  const fallback = resourceColumns(resource, allNamespaces);
  const withNamespace = allNamespaces && resource.namespaced;
  let shown: { column: TableColumn; index: number }[] | undefined;
  const columns: ResourceColumns = {
    get headers() {
      if (shown === undefined) return fallback.headers;
      return [
        ...(withNamespace ? ['NAMESPACE'] : []),
        ...shown.map(({ column }) => column.name.toUpperCase()),
      ];
    },
    row(object, now, palette) {
      const cells = (object as KubeObject & { [CELLS]?: unknown[] })[CELLS];
      if (shown === undefined || !Array.isArray(cells)) return fallback.row(object, now, palette);
      return [
        ...(withNamespace ? [object.metadata?.namespace ?? ''] : []),
        ...shown.map(({ column, index }) =>
          column.name === 'Age' && object.metadata?.creationTimestamp
            ? age(object, now)
            : cellText(cells[index]),
        ),
      ];
    },
  };
  return {
    columns,
    setColumns(definitions) {
      shown ??= definitions
        .map((column, index) => ({ column, index }))
        .filter(({ column }) => wide || column.priority === 0);
    },
  };
}
