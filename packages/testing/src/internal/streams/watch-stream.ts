import type { ServerResponse } from 'node:http';
import type { FakeApiStatus } from '../../fake-api-status.js';
import { DEFAULTS } from '../defaults.js';
import type { FaultState } from '../faults/fault-state.js';
import { damagedLine } from '../faults/persistent-faults.js';
import type { JsonObject } from '../json/json-value.js';
import { type PlatformTimeout, platformTimeout } from '../platform-timeout.js';
import { type FieldSelector, matchesFields } from '../selectors/field-selector.js';
import { type LabelSelector, matchesLabels } from '../selectors/label-selector.js';
import type { EventBatch } from '../store/event-batch.js';
import { orderMetadata } from '../store/object-meta.js';
import type { EventSink, ResourceStore } from '../store/resource-store.js';
import {
  addedLine,
  deletedPreviousLine,
  ownLine,
  type StoreEvent,
  watchLine,
} from '../store/store-event.js';
import type { StoredObject } from '../store/stored-object.js';
import type { VersionCodec } from '../store/versions.js';
import { writeBody } from './body-writer.js';

/**
 * Lines `from` to `to` (exclusive) of a shared batch: the run grows by each next line the watch
 * receives, so a line it was not given (its replica lagged) never slips into it.
 */
interface BatchRun {
  readonly batch: EventBatch;
  readonly from: number;
  to: number;
}

/** What one watch stream filters on and how it behaves. */
export interface WatchStreamConfig {
  readonly res: ServerResponse;
  readonly store: ResourceStore;
  readonly codec: VersionCodec;
  readonly faults: FaultState;
  /** Only this namespace (undefined = all). */
  readonly namespace: string | undefined;
  readonly labelSelector: LabelSelector;
  readonly fieldSelector: FieldSelector;
  /**
   * The version the watch started at: only later events are sent (it may not be reached yet), and
   * bookmarks only once the resource moved past it.
   */
  readonly startRevision: number;
  readonly bookmarks: boolean;
  readonly bookmarkIntervalMs: number;
  /** `timeoutSeconds` in ms; undefined = no deadline. */
  readonly timeoutMs: number | undefined;
  /**
   * Where its events come from (the serving replica's cache of the resource): the watch joins its
   * `sinks`, and bookmarks report its `bookmarkRevision`.
   */
  readonly feed: {
    readonly sinks: Set<EventSink>;
    readonly bookmarkRevision: number;
  };
  /** Bookmarks only once the feed's `bookmarkRevision` passed this (default `startRevision`). */
  readonly bookmarkAfter?: number;
  readonly onClose: (stream: WatchStream) => void;
  /** Called before the server cuts the stream (not for a clean end, which the log sees itself). */
  readonly onServerCut?: () => void;
  /** Rewrites the lines before they are written (a metadata-only watch); default: as they are. */
  readonly transformLines?: (text: string) => string;
}

const INITIAL_EVENTS_END = 'k8s.io/initial-events-end';

/**
 * One open watch: filters the resource's events for its namespace and selectors (an object that
 * starts matching arrives as ADDED, one that stops matching as DELETED, as kube-apiserver's
 * watch cache reports them), batches lines per event-loop turn into one write, sends bookmarks
 * and honours `timeoutSeconds`. The shared event lines are written as they are: no
 * re-serialization per watcher.
 */
export class WatchStream implements EventSink {
  /** What waits to be written: single lines, and runs of this turn's shared batch. */
  private pending: (string | BatchRun)[] = [];
  private flushScheduled = false;
  private closed = false;
  private corruptNext = false;
  private bookmarkTimer: PlatformTimeout | undefined;
  private timeoutTimer: PlatformTimeout | undefined;
  private finalBookmarkScheduled = false;
  private readonly deadline: number | undefined;
  /** `timeoutSeconds` came while stalled: end when the stall is lifted. */
  private endHeld = false;
  /** A streaming list whose initial-events-end bookmark waits for the bookmark timer. */
  private initialEventsEndTimer: PlatformTimeout | undefined;

  constructor(private readonly config: WatchStreamConfig) {
    this.deadline = config.timeoutMs === undefined ? undefined : Date.now() + config.timeoutMs;
    config.res.on('close', () => this.dispose());
    if (config.timeoutMs !== undefined) {
      this.timeoutTimer = platformTimeout(() => this.timeUp(), config.timeoutMs);
    }
    if (config.bookmarks) this.scheduleBookmark();
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  private matches(object: StoredObject): boolean {
    const { namespace, labelSelector, fieldSelector } = this.config;
    if (namespace !== undefined && object.namespace !== namespace) return false;
    return (
      matchesLabels(labelSelector, object.labels) && matchesFields(fieldSelector, object.fields)
    );
  }

  private get unfiltered(): boolean {
    const { namespace, labelSelector, fieldSelector } = this.config;
    return namespace === undefined && labelSelector.length === 0 && fieldSelector.length === 0;
  }

  /** An event of the resource (live, with this turn's batch, or replayed from history). */
  deliver(event: StoreEvent, batch?: EventBatch, index?: number): void {
    if (this.closed || event.revision <= this.config.startRevision) return;
    // A persistent `malformedLine` fault sends this event's line damaged (the slow path).
    const damaging = this.config.faults.persistent.damaging(event.revision);
    const push = damaging
      ? (line: string) => {
          damaging.hit();
          this.push(damagedLine(line));
        }
      : this.pushLine;
    if (!damaging && batch !== undefined && index !== undefined && this.unfiltered) {
      // An unfiltered watch sends the batch's own line: extend the run it ends, or start one.
      const last = this.pending[this.pending.length - 1];
      if (typeof last === 'object' && last.batch === batch && last.to === index) {
        last.to = index + 1;
        return;
      }
      this.enqueue({ batch, from: index, to: index + 1 });
      return;
    }
    const nowMatches = event.type !== 'DELETED' && this.matches(event.object);
    const wasMatching =
      event.type === 'DELETED'
        ? this.matches(event.previous ?? event.object)
        : event.previous !== undefined && this.matches(event.previous);
    if (nowMatches && wasMatching) push(ownLine(event));
    else if (nowMatches) push(event.type === 'ADDED' ? ownLine(event) : addedLine(event));
    else if (wasMatching) {
      push(
        event.type === 'DELETED'
          ? ownLine(event)
          : deletedPreviousLine(event, this.config.codec.render(event.revision)),
      );
    }
  }

  /** Synthetic ADDED events for the current state (watch from "0"/unset, streaming lists). */
  sendInitial(objects: readonly StoredObject[]): void {
    for (const object of objects) this.push(watchLine('ADDED', object.json));
  }

  /** A BOOKMARK at `revision`, shaped as kube-apiserver's (an empty object of the kind). */
  bookmark(revision: number, initialEventsEnd = false): void {
    this.push(
      this.bookmarkLine(revision, initialEventsEnd ? { [INITIAL_EVENTS_END]: 'true' } : undefined),
    );
  }

  /**
   * The initial-events-end bookmark after `delayMs`, at the feed's version then (the cacher's
   * bookmark timer, before 1.32): live events that come meanwhile go first, and no other bookmark
   * does (the first one a streaming list gets is its end).
   */
  endInitialEventsAfter(delayMs: number): void {
    this.initialEventsEndTimer = platformTimeout(() => {
      this.initialEventsEndTimer = undefined;
      if (this.closed) return;
      this.bookmark(Math.max(this.bookmarkRevision, this.config.startRevision), true);
    }, delayMs);
  }

  /** The version bookmarks carry now: the feed's. */
  private get bookmarkRevision(): number {
    return this.config.feed.bookmarkRevision;
  }

  private bookmarkLine(revision: number, annotations?: Record<string, string>): string {
    const { type } = this.config.store;
    const { metadata: emptyMeta, ...rest } = type.emptyObject as JsonObject;
    const metadata = orderMetadata((emptyMeta as JsonObject | undefined) ?? {}, {
      resourceVersion: this.config.codec.render(revision),
      annotations,
    });
    const object = { kind: type.kind, apiVersion: type.apiVersion, metadata, ...rest };
    return watchLine('BOOKMARK', JSON.stringify(object));
  }

  /** A padded bookmark of at least `bytes` bytes, written now. */
  oversized(bytes: number): void {
    const base = this.bookmarkLine(this.config.startRevision, { padding: '' });
    // `base` ends with the newline: the line itself is then at least `bytes` long.
    const padding = 'x'.repeat(Math.max(0, bytes + 1 - Buffer.byteLength(base)));
    this.push(this.bookmarkLine(this.config.startRevision, { padding }));
  }

  /** Sends one ERROR event and ends the stream. */
  error(status: FakeApiStatus): void {
    if (this.closed) return;
    this.push(watchLine('ERROR', JSON.stringify(status)));
    this.end();
  }

  /** The next line this watch writes is malformed. */
  corruptNextLine(): void {
    this.corruptNext = true;
  }

  private readonly pushLine = (line: string): void => this.push(line);

  private push(line: string): void {
    this.enqueue(line);
  }

  private enqueue(item: string | BatchRun): void {
    this.pending.push(item);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush();
      });
    }
  }

  /** The pending lines one by one (the slow path, for faults that alter single lines). */
  private pendingLines(): string[] {
    const lines: string[] = [];
    for (const item of this.pending) {
      if (typeof item === 'string') lines.push(item);
      else lines.push(...item.batch.lines.slice(item.from, item.to));
    }
    return lines;
  }

  /** Writes everything pending (unless stalled): shared batch runs as the batch's own bytes. */
  flush(): void {
    if (this.closed || this.pending.length === 0 || this.config.faults.stalled) return;
    const { res, faults } = this.config;
    let pieces: (string | Buffer)[];
    if (this.corruptNext) {
      this.corruptNext = false;
      const lines = this.pendingLines();
      const [first] = lines;
      // Every pending item holds at least one line: a run starts at the event it was opened for.
      if (first === undefined) throw new Error('a pending watch item holds no line');
      lines[0] = `${first.slice(0, Math.max(1, Math.floor((first.length - 1) / 2)))}\n`;
      pieces = [lines.join('')];
    } else {
      pieces = [];
      let text = '';
      for (const item of this.pending) {
        if (typeof item === 'string') {
          text += item;
          continue;
        }
        const run = item.batch.slice(item.from, item.to);
        if (typeof run === 'string') {
          text += run;
          continue;
        }
        if (text) pieces.push(text);
        text = '';
        pieces.push(run);
      }
      if (text) pieces.push(text);
    }
    this.pending = [];
    const transform = this.config.transformLines;
    if (transform) pieces = [transform(pieces.map((p) => p.toString()).join(''))];
    res.socket?.cork();
    for (const piece of pieces) writeBody(res, piece, faults.chunker);
    res.socket?.uncork();
    if (res.writableLength > DEFAULTS.watchBufferLimitBytes) {
      this.config.onServerCut?.();
      res.destroy();
    }
  }

  private scheduleBookmark(): void {
    const now = Date.now();
    let next = now + this.config.bookmarkIntervalMs;
    if (this.deadline !== undefined) {
      // One last bookmark shortly before the deadline, then none.
      if (this.finalBookmarkScheduled) return;
      const beforeTimeout = this.deadline - DEFAULTS.bookmarkBeforeTimeoutMs;
      if (beforeTimeout < now) return;
      if (beforeTimeout <= next) {
        next = beforeTimeout;
        this.finalBookmarkScheduled = true;
      }
    }
    this.bookmarkTimer = platformTimeout(() => {
      this.periodicBookmark();
      this.scheduleBookmark();
    }, next - now);
  }

  private periodicBookmark(): void {
    if (this.closed || this.config.faults.stalled || this.initialEventsEndTimer) return;
    const revision = this.bookmarkRevision;
    if (revision > (this.config.bookmarkAfter ?? this.config.startRevision))
      this.bookmark(revision);
  }

  /**
   * `timeoutSeconds` is up: the stream ends cleanly, unless the watches are stalled. A stalled
   * connection sends nothing, its end neither: the end goes out when the stall is lifted.
   */
  private timeUp(): void {
    if (this.config.faults.stalled) this.endHeld = true;
    else this.end();
  }

  /** The stall is lifted: what was held back goes out, and an end that came meanwhile. */
  resume(): void {
    this.flush();
    if (this.endHeld) this.end();
  }

  /** Ends the stream cleanly after what is pending (`timeoutSeconds`, `faults.endWatches`). */
  end(): void {
    if (this.closed) return;
    if (!this.config.faults.stalled) this.flush();
    this.config.res.end();
    this.dispose();
  }

  /** Destroys the socket, after half a line when `midLine`. */
  destroy(midLine: boolean): void {
    if (this.closed) return;
    const { res } = this.config;
    const socket = res.socket;
    this.config.onServerCut?.();
    if (midLine) {
      const line = this.pendingLines()[0] ?? this.bookmarkLine(this.config.startRevision);
      this.pending = [];
      res.write(line.slice(0, Math.max(1, Math.floor(line.length / 2))), () => socket?.destroy());
    } else {
      socket?.destroy();
    }
    this.dispose();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.bookmarkTimer?.cancel();
    this.timeoutTimer?.cancel();
    this.initialEventsEndTimer?.cancel();
    this.config.feed.sinks.delete(this);
    this.config.onClose(this);
  }
}
