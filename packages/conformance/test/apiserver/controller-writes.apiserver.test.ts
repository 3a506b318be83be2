import { eventRecorder, get$, type KubeObject, leaderElection$ } from '@rxkube/core';
import type { LeadershipStatus } from '@rxkube/core/controller';
import { filter, firstValueFrom, share } from 'rxjs';
import { assert, describe, expect, it } from 'vitest';
import { waitUntil } from '../../src/wait-until.js';
import { cluster, freshNamespace, kubeconfigClient } from './cluster.js';

const LEASES = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' } as const;
const timings = { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 500 };

interface Lease extends KubeObject {
  readonly spec?: {
    holderIdentity?: string;
    leaseDurationSeconds?: number;
    acquireTime?: string;
    renewTime?: string;
    leaseTransitions?: number;
  };
}

describe('leader election and events against kube-apiserver', () => {
  const c = cluster();

  it('creates the Lease with MicroTime stamps, and a release on cancel lets the other replica lead at once', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'lease');
    const stop = new AbortController();
    const a$ = leaderElection$(client, {
      namespace,
      name: 'ctl',
      identity: 'a',
      ...timings,
      releaseOnCancel: true,
      signal: stop.signal,
    }).pipe(share());
    const aStatuses: LeadershipStatus[] = [];
    const aDone = new Promise<void>((resolve) =>
      a$.subscribe({ next: (s) => aStatuses.push(s), complete: resolve }),
    );
    await waitUntil(() => aStatuses.some((s) => s.leading), { what: 'a to lead' });
    const lease = await firstValueFrom(get$<Lease>(client, { ...LEASES, namespace }, 'ctl'));
    expect(lease.spec).toMatchObject({
      holderIdentity: 'a',
      leaseDurationSeconds: 3,
      leaseTransitions: 0,
    });
    expect(lease.spec?.renewTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const b$ = leaderElection$(client, { namespace, name: 'ctl', identity: 'b', ...timings }).pipe(
      share(),
    );
    const bSub = b$.subscribe();
    await firstValueFrom(b$.pipe(filter((s) => s.holder === 'a')));
    const stoppedAt = performance.now();
    stop.abort();
    await aDone;
    await firstValueFrom(b$.pipe(filter((s) => s.leading)));
    // Well before the lease would have expired: the release freed it.
    expect(performance.now() - stoppedAt).toBeLessThan(timings.leaseDurationMs);
    const taken = await firstValueFrom(get$<Lease>(client, { ...LEASES, namespace }, 'ctl'));
    expect(taken.spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
    expect(aStatuses.at(-1)).toEqual({ leading: false });
    bSub.unsubscribe();
  });

  it('records an Event and aggregates repeats into its count with a PATCH', async () => {
    const client = kubeconfigClient(c.env.kubeconfig);
    const namespace = await freshNamespace(client, 'events');
    const recorder = eventRecorder(client, { component: 'conformance', host: 'here' });
    const involved: KubeObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { namespace, name: 'settings', uid: '00000000-0000-0000-0000-000000000001' },
    };
    const outcomes = [];
    for (let i = 1; i <= 3; i++) {
      outcomes.push(
        await firstValueFrom(
          recorder.record(involved, { type: 'Warning', reason: 'Drift', message: `drift ${i}` }),
        ),
      );
    }
    expect(outcomes.map((o) => o.type)).toEqual(['created', 'aggregated', 'aggregated']);
    const [first] = outcomes;
    assert.isDefined(first);
    if (first.type !== 'created') throw new Error('expected a created Event');
    const event = await firstValueFrom(
      get$<
        KubeObject & { count?: number; message?: string; source?: object; involvedObject?: object }
      >(client, { version: 'v1', resource: 'events', namespace }, first.name),
    );
    expect(event).toMatchObject({
      count: 3,
      message: 'drift 3',
      source: { component: 'conformance', host: 'here' },
      involvedObject: { kind: 'ConfigMap', name: 'settings', namespace },
    });
  });
});
