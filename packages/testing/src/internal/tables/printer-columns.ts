import type { FakePrinterColumn } from '../../objects/fake-printer-column.js';
import { ageOf } from './go-human-duration.js';
import { simpleJsonPath } from './simple-json-path.js';

/** A custom resource's column: its definition in the Table, and its cell of an object. */
export interface CustomColumn {
  readonly definition: Record<string, unknown>;
  cell(object: unknown, now: number): unknown;
}

/**
 * The columns of a custom resource's Table as apiextensions-apiserver 1.20 builds them: each
 * `additionalPrinterColumns` entry read with JSONPath (missing keys allowed), the first value
 * converted to the column's type (`date` becomes an age), `null` when there is none.
 */
export function customColumns(
  columns: readonly FakePrinterColumn[],
  creationTimestampDescription: string,
): CustomColumn[] {
  const effective: readonly FakePrinterColumn[] =
    columns.length > 0
      ? columns
      : [
          {
            name: 'Age',
            type: 'date',
            jsonPath: '.metadata.creationTimestamp',
            description: creationTimestampDescription,
          },
        ];
  return effective.map((column) => {
    const path = simpleJsonPath(column.jsonPath);
    return {
      definition: {
        name: column.name,
        type: column.type,
        format: column.format ?? '',
        description:
          column.description ||
          `Custom resource definition column (in JSONPath format): ${column.jsonPath}`,
        priority: column.priority ?? 0,
      },
      cell(object, now) {
        const values = path(object);
        if (values.length === 0) return null;
        return typedCell(column.type, values[0], now);
      },
    };
  });
}

function typedCell(type: FakePrinterColumn['type'], value: unknown, now: number): unknown {
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date':
      if (typeof value !== 'string') return null;
      return Number.isNaN(Date.parse(value)) ? '<invalid>' : ageOf(value, now);
  }
}
