import { randomUUID } from 'node:crypto';
import type { ChunkingOptions } from '../../faults/chunking-options.js';
import type { FailNextOptions } from '../../faults/fail-next-options.js';
import type { ThrottleOptions } from '../../faults/throttle-options.js';
import { seededRandom } from '../../helpers/seeded-random.js';
import type { RequestKind } from '../../requests/request-kind.js';
import { DEFAULTS } from '../defaults.js';
import { DroppedRequests } from './dropped-requests.js';
import { PersistentFaults } from './persistent-faults.js';

/** Chunk sizes for one body write: `null` = write as one piece. */
export type Chunker = (() => number) | null;

interface QueuedFailure {
  readonly kind: RequestKind | 'any';
  remaining: number;
  readonly status: 500 | 503 | 429;
  readonly retryAfterSeconds: number | undefined;
}

interface QueuedThrottle {
  readonly kind: RequestKind | 'any';
  remaining: number;
}

/** Takes one use of the first armed entry for `kind` (`'any'` entries match every kind). */
function takeArmed<T extends QueuedThrottle>(queue: T[], kind: RequestKind): T | undefined {
  const at = queue.findIndex((entry) => entry.kind === 'any' || entry.kind === kind);
  const entry = queue[at];
  if (entry === undefined) return undefined;
  entry.remaining--;
  if (entry.remaining <= 0) queue.splice(at, 1);
  return entry;
}

interface QueuedHtml {
  remaining: number;
  readonly status: number;
}

/** The armed faults and switches, consulted by the request handler and the watch streams. */
export class FaultState {
  private failures: QueuedFailure[] = [];
  private throttles: QueuedThrottle[] = [];
  private html: QueuedHtml[] = [];
  emptyWatches = 0;
  stalled = false;
  /** Faults bound to a version that stay until cleared (`faults.persist`). */
  readonly persistent = new PersistentFaults();
  /** The Retry-After of API Priority and Fairness's rejections (`throttle`), for 1.28+. */
  readonly droppedRequests = new DroppedRequests();
  /** The one flow schema and priority level every request is classified into, as APF names them. */
  readonly flowSchemaUid = randomUUID();
  readonly priorityLevelUid = randomUUID();
  private chunkSize: (() => number) | null = null;

  failNext(options: FailNextOptions): void {
    this.failures.push({
      kind: options.kind ?? 'any',
      remaining: options.count ?? 1,
      status: options.status,
      retryAfterSeconds: options.retryAfterSeconds,
    });
  }

  /** The failure a request of `kind` should get, if one is armed (consumes it). */
  takeFailure(kind: RequestKind): QueuedFailure | undefined {
    return takeArmed(this.failures, kind);
  }

  throttle(options: ThrottleOptions): void {
    this.throttles.push({ kind: options.kind ?? 'any', remaining: options.count ?? 1 });
  }

  /** Whether API Priority and Fairness rejects a request of `kind` (consumes it). */
  takeThrottle(kind: RequestKind): boolean {
    return takeArmed(this.throttles, kind) !== undefined;
  }

  htmlError(count: number, status: number): void {
    this.html.push({ remaining: count, status });
  }

  /** The HTML status the next request should get, if armed (consumes it). */
  takeHtml(): number | undefined {
    const first = this.html[0];
    if (!first) return undefined;
    first.remaining--;
    if (first.remaining <= 0) this.html.shift();
    return first.status;
  }

  takeEmptyWatch(): boolean {
    if (this.emptyWatches <= 0) return false;
    this.emptyWatches--;
    return true;
  }

  chunking(options: ChunkingOptions | false): void {
    if (options === false) {
      this.chunkSize = null;
      return;
    }
    const random = seededRandom(options.seed ?? 1);
    const max = Math.max(1, options.maxChunkBytes ?? DEFAULTS.chunkMaxBytes);
    this.chunkSize = () => 1 + Math.floor(random() * max);
  }

  get chunker(): Chunker {
    return this.chunkSize;
  }

  reset(): void {
    this.failures = [];
    this.throttles = [];
    this.html = [];
    this.emptyWatches = 0;
    this.stalled = false;
    this.chunkSize = null;
    this.persistent.clear();
  }
}
