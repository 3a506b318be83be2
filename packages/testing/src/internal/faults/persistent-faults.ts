import type { PersistentFault } from '../../faults/persistent-fault.js';
import type { PersistentFaultOptions } from '../../faults/persistent-fault-options.js';
import type { VersionCodec } from '../store/versions.js';

/** An armed persistent fault with its version resolved to a revision. */
class ArmedFault implements PersistentFault {
  hits = 0;
  active = true;

  constructor(
    readonly options: PersistentFaultOptions,
    readonly revision: number,
    private readonly remove: (fault: ArmedFault) => void,
  ) {}

  clear(): void {
    if (!this.active) return;
    this.active = false;
    this.remove(this);
  }
}

/** What a watch that resumes from a version gets instead of its events. */
export type WatchStartFault =
  | { readonly fault: 'emptyWatch' }
  | { readonly fault: 'tooLargeWatch' }
  | { readonly fault: 'nonStatusError'; readonly object: unknown };

/** Default object of a `nonStatusError`: JSON without `kind`, `status` or `code`. */
const NON_STATUS_OBJECT = { error: 'injected fault' };

/**
 * The persistent faults of `faults.persist`: consulted when a watch starts (the `upTo` faults)
 * and for every event line a watch sends (`malformedLine`). The first armed fault that matches
 * wins.
 */
export class PersistentFaults {
  private armed: ArmedFault[] = [];

  arm(options: PersistentFaultOptions, codec: VersionCodec): PersistentFault {
    if (
      options.fault === 'watchCacheBehindStorage' ||
      options.fault === 'storageWithoutWatchProgress'
    ) {
      return this.add(options, 0);
    }
    const version = options.fault === 'malformedLine' ? options.at : options.upTo;
    const revision = typeof version === 'string' ? codec.parse(version) : undefined;
    if (revision === undefined || version === '0') {
      throw new RangeError(
        `faults.persist needs a resource version the server rendered, got ${JSON.stringify(version)}`,
      );
    }
    return this.add(options, revision);
  }

  private add(options: PersistentFaultOptions, revision: number): ArmedFault {
    const fault = new ArmedFault(options, revision, (f) => {
      this.armed = this.armed.filter((a) => a !== f);
    });
    this.armed.push(fault);
    return fault;
  }

  /**
   * Whether the watch caches are behind storage (`watchCacheBehindStorage`): counted as a hit of
   * the fault, since the caller holds a streaming list back for it.
   */
  cacheBehindStorage(): boolean {
    return this.hit('watchCacheBehindStorage') || this.hit('storageWithoutWatchProgress');
  }

  /** Whether etcd cannot be asked for progress (`storageWithoutWatchProgress`), counted as a hit. */
  storageWithoutWatchProgress(): boolean {
    return this.hit('storageWithoutWatchProgress');
  }

  private hit(kind: 'watchCacheBehindStorage' | 'storageWithoutWatchProgress'): boolean {
    const fault = this.armed.find((f) => f.options.fault === kind);
    if (fault === undefined) return false;
    fault.hits++;
    return true;
  }

  /** The fault a watch resuming from `revision` gets, if one is armed (counted as a hit). */
  atWatchStart(revision: number): WatchStartFault | undefined {
    for (const fault of this.armed) {
      const { options } = fault;
      if (!('upTo' in options) || revision > fault.revision) continue;
      fault.hits++;
      return options.fault === 'nonStatusError'
        ? { fault: 'nonStatusError', object: options.object ?? NON_STATUS_OBJECT }
        : { fault: options.fault };
    }
    return undefined;
  }

  /** The `malformedLine` fault for the event at `revision`, if one is armed. */
  damaging(revision: number): { hit(): void } | undefined {
    if (this.armed.length === 0) return undefined;
    const fault = this.armed.find(
      (f) => f.options.fault === 'malformedLine' && f.revision === revision,
    );
    return fault && { hit: () => fault.hits++ };
  }

  clear(): void {
    for (const fault of [...this.armed]) fault.clear();
  }
}

/** A line cut in half (keeping its newline): it cannot be decoded as JSON. */
export function damagedLine(line: string): string {
  return `${line.slice(0, Math.max(1, Math.floor((line.length - 1) / 2)))}\n`;
}
