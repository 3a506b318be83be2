import { noPodsText, POD_COLUMNS, type PodRow } from '@rxkube/example-dashboard-shared';
import { memo } from 'react';

/** One row per pod, keyed by `namespace/name`. */
export const PodTable = memo(function PodTable(props: {
  readonly rows: readonly PodRow[];
  readonly synced: boolean;
}) {
  return (
    <table data-testid="pods">
      <thead>
        <tr>
          {POD_COLUMNS.map((column) => (
            <th key={column.field}>{column.title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key} data-key={row.key}>
            {POD_COLUMNS.map(({ field }) => (
              <td key={field} data-col={field}>
                {field === 'phase' ? (
                  <span className={`phase phase-${row.phase}`}>{row.phase}</span>
                ) : (
                  row[field]
                )}
              </td>
            ))}
          </tr>
        ))}
        {props.rows.length === 0 && (
          <tr className="empty">
            <td colSpan={POD_COLUMNS.length}>{noPodsText(props.synced)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
});
