import { seededRandom } from '@rxkube/testing';
import { type SchedulerAction, type SchedulerLike, Subscription } from 'rxjs';
import type { ElectionTimings } from '../../src/controller/internal/election-timings.js';
import type { Lease } from '../../src/controller/internal/lease.js';
import { memberLeaseName, SHARD_GROUP_LABEL } from '../../src/controller/internal/member-lease.js';
import type { MemberLeaseRequests } from '../../src/controller/internal/member-lease-requests.js';
import { runMembership$ } from '../../src/controller/internal/run-membership.js';
import type { ShardView } from '../../src/controller/shard-view.js';
import { AlreadyExistsError, NotFoundError, TransportError } from '../../src/errors/index.js';
import { ConflictError } from '../../src/index.js';

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly run: () => void;
}

/**
 * A discrete-event clock for code that awaits promises: it jumps to the next due timer, runs it,
 * and lets every promise chain settle (a macrotask turn) before the next one.
 */
export class SimScheduler implements SchedulerLike {
  #now = 0;
  #seq = 0;
  readonly #queue: Timer[] = [];

  now(): number {
    return this.#now;
  }

  schedule<T>(
    work: (this: SchedulerAction<T>, state?: T) => void,
    delay = 0,
    state?: T,
  ): Subscription {
    return new SimAction<T>(this, work).schedule(state, delay);
  }

  /** Queues `run` at `at`; the returned function cancels it. */
  enqueue(at: number, run: () => void): () => void {
    const entry = { at: Math.max(at, this.#now), seq: this.#seq++, run };
    this.#queue.push(entry);
    return () => {
      const i = this.#queue.indexOf(entry);
      if (i >= 0) this.#queue.splice(i, 1);
    };
  }

  /** Runs everything due up to `until`, in time order, settling promises after each. */
  async runUntil(until: number): Promise<void> {
    await settle();
    for (;;) {
      let next: Timer | undefined;
      for (const entry of this.#queue) {
        if (
          next === undefined ||
          entry.at < next.at ||
          (entry.at === next.at && entry.seq < next.seq)
        )
          next = entry;
      }
      if (next === undefined || next.at > until) break;
      this.#queue.splice(this.#queue.indexOf(next), 1);
      this.#now = next.at;
      next.run();
      await settle();
    }
    this.#now = Math.max(this.#now, until);
  }

  /** Runs until `condition` holds (checked after each event), or fails at `limit`. */
  async runUntilTrue(condition: () => boolean, limit: number, step = 10): Promise<number> {
    while (!condition()) {
      if (this.#now >= limit) throw new Error(`not reached by ${limit} ms of virtual time`);
      await this.runUntil(this.#now + step);
    }
    return this.#now;
  }
}

class SimAction<T> extends Subscription implements SchedulerAction<T> {
  #cancel: (() => void) | undefined;
  #running = false;
  #rescheduled = false;

  constructor(
    private readonly scheduler: SimScheduler,
    private readonly work: (this: SchedulerAction<T>, state?: T) => void,
  ) {
    super(() => this.#cancel?.());
  }

  schedule(state?: T, delay = 0): Subscription {
    if (this.closed) return this;
    if (this.#running) this.#rescheduled = true;
    this.#cancel?.();
    this.#cancel = this.scheduler.enqueue(this.scheduler.now() + delay, () => {
      this.#cancel = undefined;
      this.#running = true;
      this.#rescheduled = false;
      try {
        this.work.call(this, state);
      } finally {
        this.#running = false;
      }
      if (!this.#rescheduled) this.unsubscribe();
    });
    return this;
  }
}

function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** How a member's requests fare: all through, none, or only reads or only writes. */
export type Network = 'ok' | 'down' | 'reads-only' | 'writes-only' | 'dead';

/**
 * A linearizable Lease store as kube-apiserver keeps it: versions, uids, create on update,
 * delete preconditions. Each request is applied at its arrival, a random delay after it was sent,
 * and answered a random delay later; an aborted request may still arrive and be applied.
 */
export class SimLeaseServer {
  readonly #leases = new Map<string, Lease>();
  #version = 0;
  #uid = 0;
  readonly random: () => number;
  /** Extra latency of every request while set (a slow server). */
  slowMs = 0;

  constructor(
    readonly scheduler: SimScheduler,
    seed: number,
  ) {
    this.random = seededRandom(seed);
  }

  leases(): Lease[] {
    return [...this.#leases.values()];
  }

  /** A latency: mostly a few ms, sometimes hundreds. */
  latency(): number {
    const r = this.random();
    return this.slowMs + (r < 0.9 ? 1 + r * 20 : 50 + r * 400);
  }

  /** Told of every list answer a member receives. */
  onListed: (reader: string, leases: readonly Lease[]) => void = () => {};

  requests(network: () => Network, reader = ''): MemberLeaseRequests {
    const call = <T>(kind: 'read' | 'write', op: () => T, signal: AbortSignal): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const mode = network();
        const reaches =
          mode === 'ok' ||
          (mode === 'reads-only' && kind === 'read') ||
          (mode === 'writes-only' && kind === 'write');
        const onAbort = () => reject(new TransportError('aborted'));
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        if (mode === 'dead') return; // the process is gone: nothing leaves it
        if (!reaches) {
          // Connection refused after a while, or a request that hangs until its timeout.
          if (this.random() < 0.5) {
            this.scheduler.enqueue(this.scheduler.now() + this.latency(), () =>
              reject(new TransportError('network is unreachable')),
            );
          }
          return;
        }
        this.scheduler.enqueue(this.scheduler.now() + this.latency(), () => {
          let outcome: { value: T } | { error: unknown };
          try {
            outcome = { value: op() };
          } catch (error) {
            outcome = { error };
          }
          this.scheduler.enqueue(this.scheduler.now() + this.latency(), () => {
            signal.removeEventListener('abort', onAbort);
            if (network() === 'dead') return;
            if ('value' in outcome) resolve(outcome.value);
            else reject(outcome.error);
          });
        });
      });
    return {
      list: async (signal) => {
        const leases = await call('read', () => this.leases().map(clone), signal);
        this.onListed(reader, leases);
        return leases;
      },
      create: (lease, signal) => call('write', () => this.create(lease), signal),
      replace: (lease, signal) => call('write', () => this.replace(lease), signal),
      remove: (name, resourceVersion, signal) =>
        call(
          'write',
          () => {
            try {
              this.remove(name, resourceVersion);
            } catch (error) {
              if (error instanceof NotFoundError) return;
              throw error;
            }
          },
          signal,
        ),
    };
  }

  create(lease: Lease): Lease {
    const name = lease.metadata?.name ?? '';
    if (this.#leases.has(name))
      throw new AlreadyExistsError(`leases "${name}" already exists`, { code: 409 });
    return this.#store(lease, `uid-${++this.#uid}`);
  }

  replace(lease: Lease): Lease {
    const name = lease.metadata?.name ?? '';
    const existing = this.#leases.get(name);
    // Leases are created on update, as kube-apiserver's strategy allows.
    if (existing === undefined) return this.#store(lease, `uid-${++this.#uid}`);
    if (lease.metadata?.resourceVersion !== existing.metadata?.resourceVersion)
      throw new ConflictError(`the object has been modified`, { code: 409 });
    return this.#store(lease, existing.metadata?.uid ?? '');
  }

  remove(name: string, resourceVersion: string | undefined): void {
    const existing = this.#leases.get(name);
    if (existing === undefined)
      throw new NotFoundError(`leases "${name}" not found`, { code: 404 });
    if (resourceVersion !== undefined && resourceVersion !== existing.metadata?.resourceVersion)
      throw new ConflictError('precondition failed', { code: 409 });
    this.#leases.delete(name);
    this.#version++;
  }

  #store(lease: Lease, uid: string): Lease {
    const stored = clone({
      ...lease,
      metadata: { ...lease.metadata, uid, resourceVersion: String(++this.#version) },
    });
    this.#leases.set(stored.metadata?.name ?? '', stored);
    return clone(stored);
  }
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A member and the controller it feeds, simulated: which keys it works on, and until when. */
export class SimMember {
  network: Network = 'ok';
  views: { at: number; view: ShardView }[] = [];
  /** Keys it works on: `until` is set while a stopped run winds down. */
  readonly active = new Map<string, { since: number; until?: number }>();
  readonly #subscription: Subscription;
  readonly #leave = new AbortController();
  alive = true;
  completed = false;

  constructor(
    readonly sim: ShardSim,
    readonly identity: string,
    readonly timings: ElectionTimings,
    options: { releaseOnCancel?: boolean } = {},
  ) {
    this.#subscription = runMembership$(
      sim.server.requests(() => this.network, identity),
      {
        namespace: 'default',
        group: 'g',
        identity,
        leaseName: memberLeaseName('g', identity),
        timings,
        releaseOnCancel: options.releaseOnCancel ?? true,
        signal: this.#leave.signal,
        scheduler: sim.scheduler,
      },
    ).subscribe({
      next: (view) => this.#onView(view),
      complete: () => {
        this.completed = true;
      },
    });
  }

  get latest(): ShardView | undefined {
    return this.views.at(-1)?.view;
  }

  owns(key: string): boolean {
    const view = this.latest;
    return this.alive && view?.settled === true && view.owns(key);
  }

  /** Working on `key` now (a stopping run counts until it has ended). */
  busy(key: string): boolean {
    const entry = this.active.get(key);
    if (!this.alive || entry === undefined) return false;
    return entry.until === undefined || entry.until > this.sim.scheduler.now();
  }

  #onView(view: ShardView): void {
    const now = this.sim.scheduler.now();
    this.views.push({ at: now, view });
    const stops: Promise<void>[] = [];
    for (const [key, entry] of this.active) {
      if (view.settled && view.owns(key)) continue;
      if (entry.until !== undefined) continue;
      // A reconcile that honours its signal ends a little after the abort.
      const stopMs = this.sim.random() * this.sim.stopMaxMs;
      entry.until = now + stopMs;
      stops.push(
        new Promise<void>((resolve) => {
          this.sim.scheduler.enqueue(now + stopMs, () => {
            if (this.active.get(key) === entry) this.active.delete(key);
            resolve();
          });
        }),
      );
    }
    if (stops.length > 0) view.waitUntil?.(Promise.all(stops));
    if (!view.settled) return;
    for (const key of this.sim.keys) {
      if (!view.owns(key)) continue;
      const entry = this.active.get(key);
      if (entry !== undefined && entry.until === undefined) continue;
      if (entry !== undefined && entry.until !== undefined && entry.until > now) continue; // waits
      this.sim.start(this, key);
      this.active.set(key, { since: now });
    }
  }

  /** Leaves gracefully: stop work, release the Lease. */
  leave(): void {
    this.#leave.abort();
  }

  /** `kill -9`: the process is gone at once; requests it sent may still arrive. */
  kill(): void {
    this.alive = false;
    this.network = 'dead';
    this.active.clear();
    this.#subscription.unsubscribe();
  }
}

/** A group of simulated members on one simulated server, with the overlap check built in. */
export class ShardSim {
  readonly scheduler = new SimScheduler();
  readonly server: SimLeaseServer;
  readonly members: SimMember[] = [];
  readonly random: () => number;
  /** Every start of work on a key while another member was still working on it. */
  readonly overlaps: string[] = [];
  /** Starts of work, in order. */
  readonly starts: { at: number; member: string; key: string }[] = [];
  /** When another member first read each member's Lease. */
  readonly firstSeen = new Map<string, number>();

  constructor(
    readonly keys: readonly string[],
    seed: number,
    readonly stopMaxMs = 200,
  ) {
    this.server = new SimLeaseServer(this.scheduler, seed);
    this.random = seededRandom(seed + 1);
    this.server.onListed = (reader, leases) => {
      for (const lease of leases) {
        const holder = lease.spec?.holderIdentity ?? '';
        if (holder !== reader && !this.firstSeen.has(holder))
          this.firstSeen.set(holder, this.scheduler.now());
      }
    };
  }

  join(
    identity: string,
    timings: ElectionTimings,
    options: { releaseOnCancel?: boolean } = {},
  ): SimMember {
    const member = new SimMember(this, identity, timings, options);
    this.members.push(member);
    return member;
  }

  start(member: SimMember, key: string): void {
    const now = this.scheduler.now();
    for (const other of this.members) {
      if (other !== member && other.busy(key)) {
        this.overlaps.push(
          `${now} ms: ${member.identity} starts ${key} while ${other.identity} works on it`,
        );
      }
    }
    this.starts.push({ at: now, member: member.identity, key });
  }

  alive(): SimMember[] {
    return this.members.filter((m) => m.alive && !m.completed);
  }

  /** Each key owned by exactly one live member, every live member settled on the same view. */
  converged(): boolean {
    const live = this.alive();
    if (live.length === 0) return false;
    const members = JSON.stringify(live.map((m) => m.identity).sort());
    for (const member of live) {
      const view = member.latest;
      if (view === undefined || !view.settled || JSON.stringify(view.members) !== members)
        return false;
    }
    return this.keys.every((key) => live.filter((m) => m.owns(key)).length === 1);
  }

  /** The group's Leases at the server, by holder. */
  leaseHolders(): string[] {
    return this.server
      .leases()
      .filter((l) => l.metadata?.labels?.[SHARD_GROUP_LABEL] === 'g')
      .map((l) => l.spec?.holderIdentity ?? '')
      .sort();
  }
}

/** Lease timings of simulated members: a fast group, slower and quicker members among it. */
export const simTimings: Readonly<Record<'fast' | 'slow' | 'quick', ElectionTimings>> = {
  fast: { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 500 },
  slow: { leaseDurationMs: 6_000, renewDeadlineMs: 4_000, retryPeriodMs: 1_000 },
  quick: { leaseDurationMs: 2_000, renewDeadlineMs: 1_500, retryPeriodMs: 300 },
};

export type ScenarioEvent =
  | { readonly type: 'join'; readonly timings: ElectionTimings }
  | { readonly type: 'leave'; readonly pick: number }
  | { readonly type: 'kill'; readonly pick: number }
  | { readonly type: 'restart'; readonly pick: number; readonly afterMs: number }
  | {
      readonly type: 'cut';
      readonly pick: number;
      readonly network: 'down' | 'reads-only' | 'writes-only';
      readonly forMs: number;
    }
  | { readonly type: 'slow'; readonly ms: number };

/** Runs a scenario: `start` members, then each event after its delay, then quiet until settled. */
export async function runScenario(
  keys: readonly string[],
  {
    seed,
    start,
    events,
  }: {
    readonly seed: number;
    readonly start: number;
    readonly events: readonly { readonly afterMs: number; readonly event: ScenarioEvent }[];
  },
): Promise<ShardSim> {
  const sim = new ShardSim(keys, seed);
  let joined = 0;
  const join = (timings: ElectionTimings, identity = `m${joined++}`) => sim.join(identity, timings);
  for (let i = 0; i < start; i++) join(simTimings.fast);
  const pick = (n: number) => {
    const live = sim.alive();
    return live.length === 0 ? undefined : live[n % live.length];
  };
  for (const { afterMs, event: e } of events) {
    await sim.scheduler.runUntil(sim.scheduler.now() + afterMs);
    if (e.type === 'join') join(e.timings);
    else if (e.type === 'leave') pick(e.pick)?.leave();
    else if (e.type === 'kill') pick(e.pick)?.kill();
    else if (e.type === 'restart') {
      // Killed, and started again with the same identity: it finds its own Lease.
      const member = pick(e.pick);
      if (member === undefined) continue;
      member.kill();
      sim.scheduler.enqueue(sim.scheduler.now() + e.afterMs, () => {
        join(member.timings, member.identity);
      });
    } else if (e.type === 'slow') {
      sim.server.slowMs = e.ms;
      sim.scheduler.enqueue(sim.scheduler.now() + 3_000, () => {
        sim.server.slowMs = 0;
      });
    } else {
      const member = pick(e.pick);
      if (member === undefined) continue;
      member.network = e.network;
      sim.scheduler.enqueue(sim.scheduler.now() + e.forMs, () => {
        if (member.network === e.network) member.network = 'ok';
      });
    }
  }
  // Quiet afterwards: cuts healed, the dead expired and removed, all settled on one view.
  await sim.scheduler.runUntil(sim.scheduler.now() + 15_000);
  if (sim.alive().length === 0) join(simTimings.fast);
  const quietAt = sim.scheduler.now();
  await sim.scheduler.runUntilTrue(
    () => sim.converged(),
    quietAt + 4 * simTimings.slow.leaseDurationMs,
  );
  return sim;
}
