import type { PodRow } from '@rxkube/example-dashboard-shared';
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
          <th>Namespace</th>
          <th>Name</th>
          <th>Phase</th>
          <th>Ready</th>
          <th>Restarts</th>
          <th>Node</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key} data-key={row.key}>
            <td data-col="namespace">{row.namespace}</td>
            <td data-col="name">{row.name}</td>
            <td data-col="phase">
              <span className={`phase phase-${row.phase}`}>{row.phase}</span>
            </td>
            <td data-col="ready">{row.ready}</td>
            <td data-col="restarts">{row.restarts}</td>
            <td data-col="node">{row.node}</td>
          </tr>
        ))}
        {props.rows.length === 0 && (
          <tr className="empty">
            <td colSpan={6}>{props.synced ? 'No pods match.' : 'Waiting for the first list…'}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
});
