/**
 * The controller API as its documentation writes it, with `kubernetes-types` models: a primary
 * custom resource, related pods keyed by owner, a reconcile that may see a deleted object, an
 * election gating the reports, and a recorder. `pnpm typecheck` compiles this file; nothing here
 * talks to a server (everything is cold, and the recorder is never called).
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { ObjectMeta } from 'kubernetes-types/meta/v1.js';
import type { Observable } from 'rxjs';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  EventOutcome,
  LeadershipStatus,
  ReconcileReport,
} from '../../src/controller/index.js';
import {
  cachedCollection$,
  controller$,
  eventRecorder,
  type KubeClient,
  leaderElection$,
  ownerKeys,
  type Served,
  shareCollection,
  whileLeader,
} from '../../src/index.js';

interface App {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: { replicas?: number };
}

const client: KubeClient = { transport: { request: () => Promise.reject(new Error('not sent')) } };
const apps = { group: 'example.com', version: 'v1', resource: 'apps', namespace: 'x' } as const;
const pods = { version: 'v1', resource: 'pods', namespace: 'x' } as const;
declare function ensurePods(app: App | undefined, signal: AbortSignal): Promise<void>;

describe('the controller API', () => {
  it('compiles as documented, with kubernetes-types models and no casts', () => {
    const apps$ = cachedCollection$<App>(client, apps).pipe(shareCollection());
    const pods$ = cachedCollection$<Pod>(client, pods).pipe(shareCollection());
    const reports$ = controller$({
      primary: apps$,
      related: [{ collection: pods$, keysOf: (pod) => ownerKeys(pod, { kind: 'App' }) }],
      reconcile: (_key, app, { signal }) => {
        expectTypeOf(app).toEqualTypeOf<Served<App> | undefined>();
        return ensurePods(app, signal);
      },
      concurrency: 4,
      resyncMs: 10 * 60_000,
    });
    expectTypeOf(reports$).toEqualTypeOf<Observable<ReconcileReport>>();

    const election$ = leaderElection$(client, {
      namespace: 'kube-system',
      name: 'my-controller',
      identity: 'host-1',
      leaseDurationMs: 15_000,
      renewDeadlineMs: 10_000,
      retryPeriodMs: 2_000,
      releaseOnCancel: true,
    });
    expectTypeOf(election$).toEqualTypeOf<Observable<LeadershipStatus>>();
    expectTypeOf(reports$.pipe(whileLeader(election$))).toEqualTypeOf<
      Observable<ReconcileReport>
    >();

    const recorder = eventRecorder(client, { component: 'my-controller' });
    const app: App = { metadata: { name: 'a', namespace: 'x' } };
    // Never called: only its type is checked (an App is accepted as the involved object).
    const record = () =>
      recorder.record(app, {
        type: 'Warning',
        reason: 'PodsMissing',
        message: '2 of 3 pods missing',
      });
    expectTypeOf(record).returns.toEqualTypeOf<Observable<EventOutcome>>();
  });
});
