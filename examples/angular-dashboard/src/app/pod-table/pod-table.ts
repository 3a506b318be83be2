import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { noPodsText, POD_COLUMNS, type PodRow } from '@rxkube/example-dashboard-shared';

/** The pod table: one row per pod, keyed by `namespace/name`. */
@Component({
  selector: 'app-pod-table',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <table data-testid="pods">
      <thead>
        <tr>
          @for (column of columns; track column.field) {
            <th>{{ column.title }}</th>
          }
        </tr>
      </thead>
      <tbody>
        @for (row of rows(); track row.key) {
          <tr [attr.data-key]="row.key">
            @for (column of columns; track column.field) {
              <td [attr.data-col]="column.field">
                @if (column.field === 'phase') {
                  <span [class]="'phase phase-' + row.phase">{{ row.phase }}</span>
                } @else {
                  {{ row[column.field] }}
                }
              </td>
            }
          </tr>
        } @empty {
          <tr class="empty">
            <td [attr.colspan]="columns.length">{{ noPodsText(synced()) }}</td>
          </tr>
        }
      </tbody>
    </table>
  `,
})
export class PodTable {
  readonly rows = input.required<readonly PodRow[]>();
  readonly synced = input.required<boolean>();
  protected readonly columns = POD_COLUMNS;
  protected readonly noPodsText = noPodsText;
}
