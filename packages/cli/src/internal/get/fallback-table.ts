import type { KubeObject } from '@rxkube/core';
import type { ApiResource } from '@rxkube/core/discovery';
import { createPalette } from '../render/palette.js';
import { resourceColumns } from '../render/resource-columns.js';
import type { ServerTable, TableRow } from '../server-table.js';

/**
 * A Table made on this side, for a server that answers Table requests with plain objects: the
 * hand-written columns (NAME, the kind's own, AGE).
 */
export function fallbackTable(
  resource: ApiResource,
  rows: readonly TableRow[],
  _allNamespaces: boolean,
): ServerTable {
  const columns = resourceColumns(resource, false);
  const palette = createPalette(false, {});
  const now = Date.now();
  return {
    kind: 'Table',
    columnDefinitions: columns.headers.map((header, i) => ({
      name: header,
      type: 'string',
      format: i === 0 ? 'name' : '',
      priority: 0,
    })),
    rows: rows.map((row) => ({
      cells: columns.row(row.object as KubeObject, now, palette),
      object: row.object ?? null,
    })),
  };
}
