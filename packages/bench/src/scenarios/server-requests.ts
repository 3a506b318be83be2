import type { AwaitReply, ClientCommand, StartReply } from '../client/client-messages.js';
import type { SeedReply, ServerCommand, WriteReply } from '../server/server-messages.js';
import type { BenchContext } from './bench-context.js';
import { sumBursts } from './sum-bursts.js';
import type { ClientSession } from './with-client.js';

/** Events the server releases at once: below its cut-off for slow watchers (see server-main). */
const RELEASE_EVENTS = 40_000;

/** A fresh server with `count` pods. */
export function seed(context: BenchContext, count: number): Promise<SeedReply> {
  return context.server.channel.request<SeedReply>({ type: 'seed', count } satisfies ServerCommand);
}

/** What a client took to apply a burst. */
export interface BurstResult {
  readonly events: number;
  /** From the first event of each release to the last one in the cache, summed over releases. */
  readonly applyMs: number;
  /** CPU time of the client process over the same releases (including waiting for the server). */
  readonly cpuMs: number;
  /** The client's main thread paused for the garbage collector, over the same stretches as `applyMs`. */
  readonly collectorMs: number;
  /** The part of `collectorMs` spent in young-generation collections. */
  readonly youngCollectorMs: number;
  /** How many pauses `collectorMs` adds up. */
  readonly collections: number;
  readonly serverWriteMs: number;
}

/**
 * `events` MODIFIED events to a synced client, released in parts of at most 40 000: each part is
 * written while watches are stalled and then released at once, so the client reads as fast as it
 * can; only the client's time from the first to the last event of each part counts.
 */
export async function burst(
  context: BenchContext,
  session: ClientSession,
  events: number,
  marker: string,
): Promise<BurstResult> {
  const parts: BurstResult[] = [];
  for (let part = 0, left = events; left > 0; part++) {
    const count = Math.min(RELEASE_EVENTS, left);
    left -= count;
    const mark = `${marker}-${part}`;
    await session.request({ type: 'arm', marker: mark, count } satisfies ClientCommand);
    const written = await context.server.channel.request<WriteReply>({
      type: 'burst',
      count,
      marker: mark,
    } satisfies ServerCommand);
    const applied = await session.request<AwaitReply>({ type: 'await' });
    parts.push({
      events: count,
      applyMs: applied.firstToDoneMs,
      cpuMs: applied.cpuMs,
      collectorMs: applied.collectorMs,
      youngCollectorMs: applied.youngCollectorMs,
      collections: applied.collections,
      serverWriteMs: written.writeMs,
    });
  }
  return sumBursts(parts);
}

/**
 * Events after which V8 had optimised every client's per-event path: after 2 000, its log
 * (`--trace-opt`) showed rxkube's per-event functions (the decoder's split, the envelope check,
 * the cache's apply and reducer) optimised inside the first measured burst of 30 000, and the
 * floor's loop long before; after 30 000, only functions called once per chunk were left.
 */
const WARM_UP_MAX_EVENTS = 30_000;

/**
 * A burst that is not measured, before the measured ones: as long as one measured burst
 * (`events`), up to 30 000 events. The client's event path runs until V8 has compiled it, as in
 * any process that has been watching for a while; a client with more functions on that path
 * needs more events for that.
 *
 * @example
 * ```ts
 * await warmUpBurst(context, session, 30_000);
 * const measured = await burst(context, session, 30_000, 'watch');
 * ```
 */
export async function warmUpBurst(
  context: BenchContext,
  session: ClientSession,
  events: number,
): Promise<void> {
  await burst(context, session, Math.min(events, WARM_UP_MAX_EVENTS), 'warm-up');
}

/**
 * A client's sync, its warm-up burst, then `count` measured bursts of `events` each, one after
 * the other in the same client: the result over the measured ones (see {@link sumBursts}), and
 * each one's own, for the log.
 *
 * @example
 * ```ts
 * const { total } = await syncedBursts(context, session, 30_000, 3, 'watch-rxkube');
 * ```
 */
export async function syncedBursts(
  context: BenchContext,
  session: ClientSession,
  events: number,
  count: number,
  marker: string,
): Promise<{ readonly total: BurstResult; readonly each: readonly BurstResult[] }> {
  await session.request<StartReply>({ type: 'start' });
  await warmUpBurst(context, session, events);
  const each: BurstResult[] = [];
  for (let i = 0; i < count; i++) {
    each.push(await burst(context, session, events, count > 1 ? `${marker}-${i}` : marker));
  }
  return { total: sumBursts(each), each };
}

/** What a client took to relist after 410 and show `changed` changed objects. */
export interface RelistResult {
  readonly ms: number;
  readonly cpuMs: number;
}

/**
 * Ends the client's watch, changes `changed` objects and compacts the server's history: the
 * client's next watch gets 410 Gone and it relists. Timed from the end of the watch (the client
 * is armed before, and the server's own writing time is subtracted) to the moment the cache shows
 * every change.
 */
export async function relist(
  context: BenchContext,
  session: ClientSession,
  changed: number,
  marker: string,
): Promise<RelistResult> {
  await session.request({ type: 'arm', marker, count: changed } satisfies ClientCommand);
  const written = await context.server.channel.request<WriteReply>({
    type: 'relist',
    count: changed,
    marker,
  } satisfies ServerCommand);
  const applied = await session.request<AwaitReply>({ type: 'await' });
  return { ms: applied.armedToDoneMs - written.writeMs, cpuMs: applied.cpuMs };
}
