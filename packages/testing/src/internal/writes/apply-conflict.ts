import type { FakeApiStatus } from '../../fake-api-status.js';
import { fieldPathTexts } from '../fields/field-path-text.js';
import type { FieldSet } from '../fields/field-set.js';
import * as status from '../status.js';
import type { ManagedEntry } from '../store/managed-fields.js';

/** The fields of one other manager that an apply would change. */
export interface ApplyConflict {
  readonly entry: ManagedEntry;
  readonly fields: FieldSet;
}

/**
 * How kube-apiserver 1.20 names a manager in a conflict: `"name"` for an applier,
 * `"name" using apps/v1` for an updater (its time is not part of the name).
 */
function managerText(entry: ManagedEntry): string {
  const name = JSON.stringify(entry.manager);
  return entry.operation === 'Update' ? `${name} using ${entry.apiVersion}` : name;
}

/**
 * The 409 of an apply that conflicts, as kube-apiserver 1.20 answers it: one cause per
 * conflicting field (`FieldManagerConflict`, "conflict with <manager>", the field's path) and a
 * message listing them, grouped by manager when there are several.
 */
export function applyConflict(conflicts: readonly ApplyConflict[]): FakeApiStatus {
  const flat = conflicts.flatMap((c) =>
    fieldPathTexts(c.fields).map((path) => ({ manager: managerText(c.entry), path })),
  );
  let message: string;
  const [only, ...others] = flat;
  if (only !== undefined && others.length === 0) {
    message = `Apply failed with 1 conflict: conflict with ${only.manager}: ${only.path}`;
  } else {
    const byManager = new Map<string, string[]>();
    for (const { manager, path } of flat) {
      byManager.set(manager, [...(byManager.get(manager) ?? []), path]);
    }
    const lines: string[] = [];
    const sorted = [...byManager].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [manager, paths] of sorted) {
      lines.push(`conflicts with ${manager}:`);
      for (const path of paths) lines.push(`- ${path}`);
    }
    message = `Apply failed with ${flat.length} conflicts: ${lines.join('\n')}`;
  }
  return status.failure(409, 'Conflict', message, {
    causes: flat.map(({ manager, path }) => ({
      reason: 'FieldManagerConflict',
      message: `conflict with ${manager}`,
      field: path,
    })),
  });
}
