import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { injectCollection } from '@rxkube/angular';
import { filterItems, indexBy } from '@rxkube/core';
import {
  type Pod,
  type PodFilter,
  podMatches,
  podRows,
  viewUrl,
} from '@rxkube/example-dashboard-shared';
import { catchError, EMPTY, switchMap } from 'rxjs';
import { API_URL } from './api-url-token';
import { HealthBadge } from './health-badge/health-badge';
import { PodTable } from './pod-table/pod-table';

/** The dashboard: every pod of the cluster, live, with a text filter and a namespace selector. */
@Component({
  selector: 'app-root',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [HealthBadge, PodTable],
  template: `
    <header>
      <h1>Pods</h1>
      <app-health-badge [health]="pods.health()" />
      <a class="switch" data-testid="switch" [href]="fleetView">fleet view</a>
      <span class="api" data-testid="api">{{ api }}</span>
    </header>
    <section class="controls">
      <input
        type="search"
        data-testid="filter"
        placeholder="Filter by name, node or phase"
        aria-label="Filter pods"
        [value]="text()"
        (input)="text.set(valueOf($event))"
      />
      <select data-testid="namespace" aria-label="Namespace" (change)="namespace.set(valueOf($event))">
        <option value="" [selected]="namespace() === ''">All namespaces</option>
        @for (ns of namespaces(); track ns.name) {
          <option [value]="ns.name" [selected]="namespace() === ns.name">
            {{ ns.name }} ({{ ns.count }})
          </option>
        }
      </select>
    </section>
    <section class="counts" data-testid="counts">
      <span>shown <b data-testid="shown">{{ rows().length }}</b> of <b data-testid="total">{{ pods.items().size }}</b></span>
      @for (phase of phases(); track phase.name) {
        <span [class]="'phase phase-' + phase.name">{{ phase.name }} <b>{{ phase.count }}</b></span>
      }
      <span class="stats">
        events <b data-testid="events">{{ pods.stats().events }}</b> · lists
        <b data-testid="lists">{{ pods.stats().lists }}</b> · relists
        <b data-testid="relists">{{ pods.stats().relists }}</b> · reconnects
        <b data-testid="reconnects">{{ pods.stats().reconnects }}</b>
      </span>
    </section>
    <app-pod-table [rows]="rows()" [synced]="pods.synced()" />
  `,
})
export class App {
  /** Where the API is (shown in the header). */
  protected readonly api = inject(API_URL);

  /** This page with the fleet view instead. */
  protected readonly fleetView = viewUrl(new URL(window.location.href), 'fleet');

  /** Every pod in the cluster: one list+watch, shared by everything below. */
  protected readonly pods = injectCollection<Pod>({ version: 'v1', resource: 'pods' });

  protected readonly text = signal('');
  protected readonly namespace = signal('');
  private readonly filter = computed<PodFilter>(() => ({
    text: this.text(),
    namespace: this.namespace(),
  }));

  /** The pods that match, maintained incrementally by `filterItems` (restarted when the filter changes). */
  private readonly visible = toSignal(
    toObservable(this.filter).pipe(
      switchMap((filter) => this.pods.state$.pipe(filterItems(podMatches(filter)))),
      catchError(() => EMPTY),
    ),
  );

  protected readonly rows = computed(() => {
    const state = this.visible();
    return state === undefined ? [] : podRows(state.items);
  });

  /** Pods by namespace, maintained incrementally by `indexBy`: the selector's options. */
  private readonly byNamespace = toSignal(
    this.pods.state$.pipe(
      indexBy((pod: Pod) => pod.metadata?.namespace ?? ''),
      catchError(() => EMPTY),
    ),
  );

  protected readonly namespaces = computed(() =>
    [...(this.byNamespace()?.index ?? new Map<string, ReadonlyMap<string, Pod>>())]
      .map(([name, pods]) => ({ name, count: pods.size }))
      .sort((a, b) => (a.name < b.name ? -1 : 1)),
  );

  /** Pods by phase, also by `indexBy`. */
  private readonly byPhase = toSignal(
    this.pods.state$.pipe(
      indexBy((pod: Pod) => pod.status?.phase ?? 'Unknown'),
      catchError(() => EMPTY),
    ),
  );

  protected readonly phases = computed(() =>
    [...(this.byPhase()?.index ?? new Map<string, ReadonlyMap<string, Pod>>())]
      .map(([name, pods]) => ({ name, count: pods.size }))
      .sort((a, b) => (a.name < b.name ? -1 : 1)),
  );

  protected valueOf(event: Event): string {
    return (event.target as HTMLInputElement | HTMLSelectElement).value;
  }
}
