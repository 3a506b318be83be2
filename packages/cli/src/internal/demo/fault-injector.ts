import { collectionDefaults } from '@rxkube/core';
import { monotonicScheduler, scheduleAfter } from '@rxkube/core/time';
import type { FakeApiServer } from '@rxkube/testing';
import type { Subscription } from 'rxjs';
import type { DemoCluster } from './demo-cluster.js';
import { demoDefaults } from './demo-defaults.js';

/** The faults the demo injects, in the order it cycles through them. */
export const faultKinds = ['drop', 'stall', 'compaction', 'errors'] as const;

/** One kind of injected fault. */
export type FaultKind = (typeof faultKinds)[number];

/** Short names for summaries. */
export const faultNames: Readonly<Record<FaultKind, string>> = {
  drop: 'dropped connections',
  stall: 'stall',
  compaction: 'compaction (410)',
  errors: '500/429 burst',
};

/**
 * Injects the demo's faults into the fake server, one per call, cycling through
 * {@link faultKinds}; returns what it did, for the timeline.
 */
export class FaultInjector {
  private next = 0;
  private stallTimer: Subscription | undefined;

  constructor(
    private readonly server: FakeApiServer,
    private readonly cluster: DemoCluster,
    private readonly idleTimeoutMs: number,
    private readonly log: (line: string) => void,
  ) {}

  /** Injects the next fault of the cycle. */
  injectNext(now: number): FaultKind {
    const kind = faultKinds[this.next % faultKinds.length];
    if (kind === undefined) throw new Error('the fault cycle index left the list of fault kinds');
    this.next++;
    this.liftStall();
    this.log(`fault: ${this.inject(kind, now)}`);
    return kind;
  }

  private inject(kind: FaultKind, now: number): string {
    const { faults } = this.server;
    switch (kind) {
      case 'drop':
        faults.destroyWatches({ midLine: true });
        return 'dropped every watch connection in the middle of a line';
      case 'stall': {
        // a stall is detected within the idle timeout (at least the server's 1 s) plus its margin
        const stallMs =
          Math.max(this.idleTimeoutMs, 1_000) +
          Math.min(collectionDefaults.idleMarginMs, this.idleTimeoutMs) +
          demoDefaults.stallBeyondIdleMs;
        faults.stallWatches();
        this.stallTimer = scheduleAfter(monotonicScheduler, stallMs, () => {
          this.stallTimer = undefined;
          faults.stallWatches({ stalled: false });
          this.log('fault: stall lifted');
        });
        return `watches stalled (no bytes) for ${stallMs} ms; the idle timeout is ${this.idleTimeoutMs} ms`;
      }
      case 'compaction':
        faults.endWatches();
        this.cluster.burst(demoDefaults.compactionWrites, now);
        faults.compact();
        return `watches ended, ${demoDefaults.compactionWrites} writes, history compacted: resuming gets 410 Gone`;
      case 'errors': {
        const { internalErrors, retryAfterSeconds } = demoDefaults.errorBurst;
        faults.failNext({ kind: 'watch', count: internalErrors, status: 500 });
        faults.failNext({ kind: 'watch', count: 1, status: 429, retryAfterSeconds });
        faults.destroyWatches();
        return `watches dropped; the next ${internalErrors} watches get HTTP 500, then one 429 (Retry-After ${retryAfterSeconds} s)`;
      }
    }
  }

  /** Ends a stall in progress (and any pending injected failure): the server is healthy again. */
  stop(): void {
    this.liftStall();
    this.server.faults.reset();
  }

  private liftStall(): void {
    if (this.stallTimer === undefined) return;
    this.stallTimer.unsubscribe();
    this.stallTimer = undefined;
    this.server.faults.stallWatches({ stalled: false });
    this.log('fault: stall lifted');
  }
}
