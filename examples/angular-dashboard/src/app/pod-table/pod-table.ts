import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import type { PodRow } from '@rxkube/example-dashboard-shared';

/** The pod table: one row per pod, keyed by `namespace/name`. */
@Component({
  selector: 'app-pod-table',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
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
        @for (row of rows(); track row.key) {
          <tr [attr.data-key]="row.key">
            <td data-col="namespace">{{ row.namespace }}</td>
            <td data-col="name">{{ row.name }}</td>
            <td data-col="phase"><span [class]="'phase phase-' + row.phase">{{ row.phase }}</span></td>
            <td data-col="ready">{{ row.ready }}</td>
            <td data-col="restarts">{{ row.restarts }}</td>
            <td data-col="node">{{ row.node }}</td>
          </tr>
        } @empty {
          <tr class="empty">
            <td colspan="6">{{ synced() ? 'No pods match.' : 'Waiting for the first list…' }}</td>
          </tr>
        }
      </tbody>
    </table>
  `,
})
export class PodTable {
  readonly rows = input.required<readonly PodRow[]>();
  readonly synced = input.required<boolean>();
}
