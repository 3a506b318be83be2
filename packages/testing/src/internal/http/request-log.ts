import type { RequestEnder } from '../../faults/request-ender.js';
import type { Impersonation } from '../../requests/impersonation.js';
import type { RequestKind } from '../../requests/request-kind.js';
import type { RequestRecord } from '../../requests/request-record.js';

/** A log entry while its request is being served. */
export interface MutableRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  kind: RequestKind;
  resource?: string;
  status: number;
  durationMs: number | undefined;
  user?: string;
  impersonation?: Impersonation;
  endedBy?: RequestEnder;
  replica?: number;
}

/** The request log: a record appears when the status is decided and ends with its duration. */
export class RequestLog {
  private records: MutableRecord[] = [];

  add(record: MutableRecord): void {
    this.records.push(record);
  }

  all(): readonly RequestRecord[] {
    return this.records.map((r) => ({ ...r }));
  }

  count(kind: RequestKind | 'any', filter?: (record: RequestRecord) => boolean): number {
    let n = 0;
    for (const r of this.records) {
      if ((kind === 'any' || r.kind === kind) && (!filter || filter(r))) n++;
    }
    return n;
  }

  /** Marks every answer still open as ended by the server (it is closing). */
  endOpenByServer(): void {
    for (const r of this.records) if (r.durationMs === undefined) r.endedBy ??= 'server';
  }

  clear(): void {
    this.records = [];
  }
}
