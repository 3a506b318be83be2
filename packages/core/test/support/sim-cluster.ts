import { Observable, type Subscription, VirtualAction, VirtualTimeScheduler } from 'rxjs';
import type { CollectionSources } from '../../src/collection/internal/collection-sources.js';
import { DecodeError } from '../../src/errors/decode-error.js';
import { HttpStatusError } from '../../src/errors/http-status-error.js';
import { InvalidError } from '../../src/errors/invalid-error.js';
import { ResourceVersionExpiredError } from '../../src/errors/resource-version-expired-error.js';
import { ResourceVersionTooLargeError } from '../../src/errors/resource-version-too-large-error.js';
import { TooManyRequestsError } from '../../src/errors/too-many-requests-error.js';
import { TransportError } from '../../src/errors/transport-error.js';
import { WatchEmptyError } from '../../src/errors/watch-empty-error.js';
import { WatchStalledError } from '../../src/errors/watch-stalled-error.js';
import type { KubeObject } from '../../src/kube-object.js';
import type { ListOptions } from '../../src/list.js';
import type { ListResult } from '../../src/list-result.js';
import { asResourceVersion } from '../../src/resource-version.js';
import type { WatchOptions } from '../../src/watch.js';
import type { WatchEvent } from '../../src/watch-event.js';

/**
 * A cluster in virtual time, for simulations of hours and days: one store (etcd) fronted by
 * apiserver replicas, each with its own watch cache that may lag, be restarted (its history
 * gone) and answer as kube-apiserver's cacher does: `"0"` and NotOlderThan lists from the cache
 * (504 too large when asked for a version it has not reached within 3 s), consistent lists from the
 * store, watches from the cache (410 for a version older than its history), bookmarks only when the
 * version moved plus one 2 s before `timeoutSeconds`, a clean end at `timeoutSeconds`.
 *
 * It implements `CollectionSources`, so the real loop and reducer run against it, and emulates what
 * `watch$` adds on top of the wire (the idle deadline, an empty watch becoming `WatchEmptyError`).
 * Versions are integers here: the server may order its own versions; clients only echo them.
 *
 * It answers as the Kubernetes `version` it is given, as FakeApiServer's profiles do: streaming
 * lists only with the WatchList gate on (1.32, 1.34; 422 Invalid otherwise); from 1.27 a
 * consistent streaming list waits for the cache to reach the store's revision and a NotOlderThan
 * one for its version (3 s, then 200 and an ERROR 504); from 1.31 a replica whose watch cache is
 * (re)initializing answers watches and cache-served lists with 429 and a Retry-After that grows
 * with its downtime, where older versions hold them until it is ready.
 */
export class SimCluster {
  readonly scheduler: VirtualTimeScheduler;
  /** The store's revision. */
  revision = 1;
  readonly writes: SimWrite[] = [];
  readonly objects = new Map<string, KubeObject>();
  /** Every state each key had, in order: versions, and ∅ for absent. */
  readonly history = new Map<string, string[]>();
  readonly replicas: SimReplica[];
  readonly requests: SimRequest[] = [];
  /** Persistent faults bound to a version, on until cleared. */
  faults: SimFaults = {};
  /** Which replica answers a request: round-robin unless a test chooses. */
  route: (request: { kind: 'list' | 'watch'; client: string }) => number;
  #next = 0;
  #uid = 0;

  /** The Kubernetes version answered as (minor number). */
  readonly minor: number;

  constructor(options: { replicas?: readonly { lagMs?: number }[]; version?: string } = {}) {
    this.minor = Number((options.version ?? '1.20').split('.')[1]);
    this.scheduler = new VirtualTimeScheduler(VirtualAction, Number.POSITIVE_INFINITY);
    this.replicas = (options.replicas ?? [{}]).map((r, index) => ({
      index,
      lagMs: r.lagMs ?? 0,
      floor: 1,
      downUntil: 0,
      initializingUntil: 0,
      watches: new Set(),
    }));
    this.route = () => {
      const index = this.#next % this.replicas.length;
      this.#next++;
      return index;
    };
  }

  /** Runs virtual time up to `ms` (absolute). */
  runUntil(ms: number): void {
    this.scheduler.maxFrames = ms;
    this.scheduler.flush();
    this.scheduler.frame = ms;
  }

  get now(): number {
    return this.scheduler.now();
  }

  /** Creates, updates (a new version) or deletes an object in the store. */
  write(name: string, kind: 'put' | 'delete' = 'put'): void {
    const key = `ns/${name}`;
    const previous = this.objects.get(key);
    if (kind === 'delete' && previous === undefined) return;
    this.revision++;
    const version = `${this.revision}`;
    let object: KubeObject;
    let type: SimWrite['type'];
    if (kind === 'delete') {
      object = { ...previous!, metadata: { ...previous!.metadata, resourceVersion: version } };
      this.objects.delete(key);
      type = 'DELETED';
    } else {
      object = {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name,
          namespace: 'ns',
          uid: previous?.metadata?.uid ?? `uid-${this.#uid++}`,
          resourceVersion: version,
        },
      };
      this.objects.set(key, object);
      type = previous === undefined ? 'ADDED' : 'MODIFIED';
    }
    const states = this.history.get(key) ?? [ABSENT];
    states.push(type === 'DELETED' ? ABSENT : version);
    this.history.set(key, states);
    const write: SimWrite = { revision: this.revision, at: this.now, key, type, object };
    this.writes.push(write);
    for (const replica of this.replicas) {
      this.scheduler.schedule(() => {
        for (const watch of replica.watches) watch.deliver(write);
      }, replica.lagMs);
    }
  }

  /** The replica at `index` (a route or a test naming one that does not exist is a bug). */
  #replicaAt(index: number): SimReplica {
    const replica = this.replicas[index];
    if (replica === undefined) throw new Error(`no replica ${index} among ${this.replicas.length}`);
    return replica;
  }

  /**
   * Restarts a replica: its connections drop, it refuses connections for `downMs`, then its watch
   * cache (re)initializes for `initializingMs` and starts over at the store's revision.
   */
  restart(index: number, downMs = 0, initializingMs = 0): void {
    const replica = this.#replicaAt(index);
    replica.floor = this.revision;
    replica.downUntil = this.now + downMs;
    replica.initializingUntil = replica.downUntil + initializingMs;
    for (const watch of [...replica.watches]) watch.drop(new TransportError('connection reset'));
  }

  /** Drops every open watch (a network blip): clients resume from where they are. */
  dropWatches(): void {
    for (const replica of this.replicas) {
      for (const watch of [...replica.watches]) watch.drop(new TransportError('connection reset'));
    }
  }

  /** Sends 410 to every open watch at once (as when a watch cache is re-initialised). */
  expireWatches(): void {
    for (const replica of this.replicas) {
      replica.floor = this.revision;
      for (const watch of [...replica.watches]) {
        watch.drop(new ResourceVersionExpiredError('too old resource version'));
      }
    }
  }

  /** Whether the WatchList gate is on: 1.32 and 1.34+ by default. */
  get streamsLists(): boolean {
    return this.minor === 32 || this.minor >= 34;
  }

  /** The newest revision a replica's watch cache holds now. */
  cacheRevision(replica: SimReplica, at = this.now): number {
    let revision = replica.floor;
    const write = this.writes.findLast((w) => w.at + replica.lagMs <= at);
    if (write !== undefined) revision = Math.max(revision, write.revision);
    return revision;
  }

  /** The store's objects as they were at a revision. */
  stateAt(revision: number): KubeObject[] {
    const state = new Map<string, KubeObject>();
    for (const write of this.writes) {
      if (write.revision > revision) break;
      if (write.type === 'DELETED') state.delete(write.key);
      else state.set(write.key, write.object);
    }
    return [...state.values()];
  }

  /** Sources for one client: its requests are logged under its name. */
  sources(client: string): CollectionSources {
    return {
      list: ((_c: unknown, _r: unknown, options: ListOptions<KubeObject> = {}) =>
        this.#list(client, options)) as unknown as CollectionSources['list'],
      watch: ((_c: unknown, _r: unknown, options: WatchOptions<KubeObject> = {}) =>
        this.#watch(client, options)) as unknown as CollectionSources['watch'],
    };
  }

  #list(client: string, options: ListOptions<KubeObject>): Observable<ListResult<KubeObject>> {
    return new Observable<ListResult<KubeObject>>((subscriber) => {
      const replica = this.#replicaAt(this.route({ kind: 'list', client }));
      const version = options.resourceVersion ?? (options.listSemantic === 'any' ? '0' : undefined);
      const record: SimRequest = {
        client,
        at: this.now,
        kind: 'list',
        replica: replica.index,
        resourceVersion: version,
        match: options.resourceVersionMatch,
        result: 'ok',
      };
      this.requests.push(record);
      if (this.now < replica.downUntil) {
        record.result = 'refused';
        return this.scheduler.schedule(() =>
          subscriber.error(new TransportError('connection refused')),
        );
      }
      // a replica whose watch cache (re)initializes: 429 from 1.31; before, "0" is read from
      // etcd and any other version waits until the cache is ready
      const initializing = Math.max(0, replica.initializingUntil - this.now);
      if (version !== undefined && initializing > 0 && this.minor >= 31) {
        record.result = '429';
        return this.scheduler.schedule(() => subscriber.error(this.#initializing(replica)));
      }
      const answer = (revision: number) => {
        record.answered = `${revision}`;
        subscriber.next({
          items: this.stateAt(revision),
          resourceVersion: asResourceVersion(`${revision}`),
        });
        subscriber.complete();
      };
      if (version === undefined || (version === '0' && initializing > 0)) {
        return this.scheduler.schedule(() => answer(this.revision), LIST_MS);
      }
      const wanted = version === '0' ? 0 : Number(version);
      return this.#poll(replica, wanted, this.now + initializing, (revision) => {
        if (revision === undefined) {
          record.result = '504';
          subscriber.error(
            new ResourceVersionTooLargeError('Too large resource version', { code: 504 }),
          );
        } else {
          answer(revision);
        }
      });
    });
  }

  /** The index of the first write after a revision (writes are in revision order). */
  #firstAfter(revision: number): number {
    let low = 0;
    let high = this.writes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const write = this.writes[middle];
      if (write === undefined) throw new Error(`no write at ${middle} of ${this.writes.length}`);
      if (write.revision <= revision) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Calls back once the replica's cache holds `wanted`, or with undefined after 3 s from `start`
   * (a 504); nothing is checked before `start` (a cache still initializing).
   */
  #poll(
    replica: SimReplica,
    wanted: number,
    start: number,
    then: (revision: number | undefined) => void,
  ): Subscription {
    const sim = this;
    return this.scheduler.schedule(
      function poll() {
        const revision = sim.cacheRevision(replica);
        if (revision >= wanted) then(revision);
        else if (sim.now - start >= TOO_LARGE_WAIT_MS) then(undefined);
        else this.schedule(undefined, POLL_MS);
      },
      start - this.now + LIST_MS,
    );
  }

  /** kube-apiserver 1.31+'s 429 for a watch cache that (re)initializes. */
  #initializing(replica: SimReplica): TooManyRequestsError {
    const downSeconds = (this.now - replica.downUntil) / 1_000;
    const seconds = Math.trunc(Math.min(30, Math.max(1, Math.exp(0.06 * downSeconds))));
    return new TooManyRequestsError('storage is (re)initializing', {
      code: 429,
      retryAfterMs: seconds * 1_000,
    });
  }

  #watch(client: string, options: WatchOptions<KubeObject>): Observable<WatchEvent<KubeObject>> {
    return new Observable<WatchEvent<KubeObject>>((subscriber) => {
      const replica = this.#replicaAt(this.route({ kind: 'watch', client }));
      const from =
        options.resourceVersion === undefined ? undefined : Number(options.resourceVersion);
      const record: SimRequest = {
        client,
        at: this.now,
        kind: 'watch',
        replica: replica.index,
        resourceVersion: options.resourceVersion,
        initialEvents: options.sendInitialEvents === true,
        result: 'ok',
      };
      this.requests.push(record);
      const sim = this;
      const scheduler = this.scheduler;
      const timeoutMs = (options.timeoutSeconds ?? 1800) * 1000;
      const idleMs = options.idleTimeoutMs ?? 300_000;
      const started = this.now;
      let last = this.now;
      let events = 0;
      let sent = from ?? 0;
      let closed = false;
      const timers: Subscription[] = [];
      const watch: SimWatch = {
        deliver: (write) => {
          if (closed || write.revision <= sent) return;
          const fault = sim.faults.damagedAt;
          if (fault !== undefined && write.revision === fault) {
            finish(
              new DecodeError('watch line is not valid JSON', { kind: 'malformed' }),
              'damaged',
            );
            return;
          }
          sent = write.revision;
          events++;
          last = sim.now;
          subscriber.next({ type: write.type, object: write.object });
        },
        drop: (error) =>
          finish(error, error instanceof ResourceVersionExpiredError ? '410' : 'dropped'),
      };
      const finish = (error: unknown, result: SimRequest['result']) => {
        if (closed) return;
        closed = true;
        record.result = result;
        record.endedAt = sim.now;
        replica.watches.delete(watch);
        for (const t of timers) t.unsubscribe();
        if (error === undefined) subscriber.complete();
        else subscriber.error(error);
      };
      const open = () => {
        if (sim.faults.stall) return; // a hung server: no answer at all
        if (sim.now < replica.downUntil)
          return finish(new TransportError('connection refused'), 'refused');
        if (options.sendInitialEvents && !sim.streamsLists) {
          return finish(
            new InvalidError('ListOptions.meta.k8s.io "" is invalid', { code: 422 }),
            '422',
          );
        }
        const initializing = replica.initializingUntil - sim.now;
        if (initializing > 0) {
          if (sim.minor >= 31) return finish(sim.#initializing(replica), '429');
          // before 1.31 the watch waits until the cache is ready
          timers.push(scheduler.schedule(open, initializing));
          return;
        }
        if (options.sendInitialEvents && sim.minor >= 27) {
          // a streaming list starts from the cache's state, never from history: the cache must reach
          // etcd's revision (consistent) or the client's first, within 3 s; else the cacher
          // answers 200 and an ERROR 504
          const wanted = from === undefined ? sim.revision : from;
          if (wanted > sim.cacheRevision(replica)) {
            timers.push(
              sim.#poll(replica, wanted, sim.now, (revision) => {
                if (revision !== undefined) return accept();
                options.onAccepted?.();
                finish(
                  new ResourceVersionTooLargeError('Too large resource version', { code: 504 }),
                  '504',
                );
              }),
            );
            return;
          }
          return accept();
        }
        const faults = sim.faults;
        if (
          faults.tooLargeUpTo !== undefined &&
          from !== undefined &&
          from <= faults.tooLargeUpTo
        ) {
          return finish(
            new ResourceVersionTooLargeError('Too large resource version', { code: 504 }),
            '504',
          );
        }
        if (from !== undefined && from !== 0 && from < replica.floor) {
          options.onAccepted?.();
          return finish(new ResourceVersionExpiredError('too old resource version'), '410');
        }
        if (from !== undefined && from > sim.cacheRevision(replica)) {
          const waiting = sim.#poll(replica, from, sim.now, (revision) =>
            revision === undefined
              ? finish(
                  new ResourceVersionTooLargeError('Too large resource version', { code: 504 }),
                  '504',
                )
              : accept(),
          );
          timers.push(waiting);
          return;
        }
        accept();
      };
      const accept = () => {
        options.onAccepted?.();
        const faults = sim.faults;
        if (faults.emptyUpTo !== undefined && from !== undefined && from <= faults.emptyUpTo) {
          // watch$ turns a watch that ends at once without an event into WatchEmptyError
          return finish(new WatchEmptyError('ended at once without an event'), 'empty');
        }
        if (
          faults.notStatusUpTo !== undefined &&
          from !== undefined &&
          from <= faults.notStatusUpTo
        ) {
          return finish(
            new HttpStatusError('watch ERROR event whose object is not a Status', {
              code: 500,
              retryable: true,
            }),
            'error',
          );
        }
        replica.watches.add(watch);
        const cached = sim.cacheRevision(replica);
        if (options.sendInitialEvents) {
          const at = from === undefined || from === 0 ? cached : Math.max(cached, from);
          for (const object of sim.stateAt(at)) {
            events++;
            subscriber.next({ type: 'ADDED', object });
          }
          sent = at;
          subscriber.next({
            type: 'BOOKMARK',
            resourceVersion: asResourceVersion(`${at}`),
            initialEventsEnd: true,
          });
        } else {
          const start = from === undefined || from === 0 ? cached : from;
          sent = start;
          for (let i = sim.#firstAfter(start); i < sim.writes.length; i++) {
            const write = sim.writes[i];
            if (write === undefined || write.revision > cached) break;
            watch.deliver(write);
            if (closed) return;
          }
        }
        last = sim.now;
        // the cacher: a bookmark shortly before the timeout, then the clean end at the timeout
        if (options.bookmarks !== false && timeoutMs > PRE_TIMEOUT_BOOKMARK_MS) {
          timers.push(
            scheduler.schedule(
              () => {
                if (closed || sim.faults.stall) return;
                const revision = sim.cacheRevision(replica);
                sent = Math.max(sent, revision);
                last = sim.now;
                subscriber.next({
                  type: 'BOOKMARK',
                  resourceVersion: asResourceVersion(`${sent}`),
                  initialEventsEnd: false,
                });
              },
              timeoutMs - PRE_TIMEOUT_BOOKMARK_MS - (sim.now - started),
            ),
          );
        }
        timers.push(
          scheduler.schedule(
            () => {
              if (sim.faults.stall) return; // a hung connection never ends
              if (events === 0 && sim.now - started < 1000)
                finish(new WatchEmptyError('ended at once'), 'empty');
              else finish(undefined, 'ended');
            },
            timeoutMs - (sim.now - started),
          ),
        );
      };
      // watch$'s idle deadline, on the same virtual clock
      timers.push(
        scheduler.schedule(function check() {
          if (closed) return;
          const idle = sim.now - last;
          if (idle >= idleMs) finish(new WatchStalledError(`no byte for ${idleMs} ms`), 'stalled');
          else this.schedule(undefined, idleMs - idle);
        }, idleMs),
      );
      timers.push(scheduler.schedule(open, CONNECT_MS));
      return () => {
        if (!closed) {
          closed = true;
          record.result = record.result === 'ok' ? 'client' : record.result;
          record.endedAt = sim.now;
          replica.watches.delete(watch);
        }
        for (const t of timers) t.unsubscribe();
      };
    });
  }
}

/** The state of an absent key in `history`. */
export const ABSENT = '∅';
/** Round trip of a request in the simulation. */
const CONNECT_MS = 5;
const LIST_MS = 20;
const POLL_MS = 100;
/** How long kube-apiserver waits for its cache to reach a requested version before a 504. */
const TOO_LARGE_WAIT_MS = 3_000;
const PRE_TIMEOUT_BOOKMARK_MS = 2_000;

export interface SimWrite {
  readonly revision: number;
  readonly at: number;
  readonly key: string;
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED';
  readonly object: KubeObject;
}

export interface SimReplica {
  readonly index: number;
  lagMs: number;
  /** The oldest revision its watch cache can serve watches from. */
  floor: number;
  downUntil: number;
  /** Until when its watch cache (re)initializes after a restart. */
  initializingUntil: number;
  readonly watches: Set<SimWatch>;
}

interface SimWatch {
  deliver(write: SimWrite): void;
  drop(error: unknown): void;
}

export interface SimRequest {
  readonly client: string;
  readonly at: number;
  readonly kind: 'list' | 'watch';
  readonly replica: number;
  readonly resourceVersion: string | undefined;
  readonly match?: string | undefined;
  readonly initialEvents?: boolean;
  /** The version a LIST was answered at. */
  answered?: string;
  /** How it ended: `ended` by the server's timeout, `client` when the client went away, or a fault. */
  result:
    | 'ok'
    | 'ended'
    | 'client'
    | 'dropped'
    | 'refused'
    | 'empty'
    | 'damaged'
    | 'error'
    | '410'
    | '422'
    | '429'
    | '504'
    | 'stalled';
  endedAt?: number;
}

/** Persistent faults bound to a version (server-side comparisons). */
export interface SimFaults {
  /** Every watch from a version ≤ this ends at once, empty. */
  emptyUpTo?: number;
  /** Every watch that reaches this revision gets a damaged line instead of its event. */
  damagedAt?: number;
  /** Every watch from a version ≤ this gets 504 too large. */
  tooLargeUpTo?: number;
  /** Every watch from a version ≤ this gets an ERROR object that is not a Status. */
  notStatusUpTo?: number;
  /** Connections hang: no byte, no end. */
  stall?: boolean;
}
