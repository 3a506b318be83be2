/**
 * The event recorder's memory, as data: Events written recently (for aggregation) and each
 * involved object's rate-limit bucket. Both are bounded LRU maps: a `Map` keeps insertion order,
 * and a touched entry is re-inserted at the end.
 */
export interface CorrelationState {
  readonly events: ReadonlyMap<
    string,
    { readonly name: string; readonly count: number; readonly at: number }
  >;
  readonly buckets: ReadonlyMap<string, { readonly tokens: number; readonly at: number }>;
}

export interface CorrelationLimits {
  readonly windowMs: number;
  readonly burst: number;
  readonly refillEveryMs: number;
  readonly cacheSize: number;
}

/** What to write for one Event: a new one, a count increment of an existing one, or nothing. */
export type CorrelationDecision =
  | { readonly type: 'create' }
  | { readonly type: 'patch'; readonly name: string; readonly count: number }
  | { readonly type: 'drop' };

export const emptyCorrelation: CorrelationState = { events: new Map(), buckets: new Map() };

/**
 * client-go's correlator in one pure function: the object's token bucket first (spam filter),
 * then aggregation — the same key seen within the window becomes a count increment.
 * The decision does not change the event memory; `remember` does once the write succeeded.
 */
export function correlate(
  state: CorrelationState,
  objectKey: string,
  eventKey: string,
  now: number,
  limits: CorrelationLimits,
): { state: CorrelationState; decision: CorrelationDecision } {
  const bucket = state.buckets.get(objectKey) ?? { tokens: limits.burst, at: now };
  const tokens = Math.min(limits.burst, bucket.tokens + (now - bucket.at) / limits.refillEveryMs);
  if (tokens < 1) {
    return {
      state: withBucket(state, objectKey, { tokens, at: now }, limits),
      decision: { type: 'drop' },
    };
  }
  const next = withBucket(state, objectKey, { tokens: tokens - 1, at: now }, limits);
  const seen = state.events.get(eventKey);
  if (seen !== undefined && now - seen.at < limits.windowMs) {
    return { state: next, decision: { type: 'patch', name: seen.name, count: seen.count + 1 } };
  }
  return { state: next, decision: { type: 'create' } };
}

/** Remembers a written Event (created or aggregated) under its key, at time `now`. */
export function remember(
  state: CorrelationState,
  eventKey: string,
  name: string,
  count: number,
  now: number,
  limits: CorrelationLimits,
): CorrelationState {
  return {
    ...state,
    events: touch(state.events, eventKey, { name, count, at: now }, limits.cacheSize),
  };
}

/** Forgets an Event, e.g. one the server no longer has (Events expire after an hour). */
export function forget(state: CorrelationState, eventKey: string): CorrelationState {
  const events = new Map(state.events);
  events.delete(eventKey);
  return { ...state, events };
}

function withBucket(
  state: CorrelationState,
  key: string,
  bucket: { tokens: number; at: number },
  limits: CorrelationLimits,
): CorrelationState {
  return { ...state, buckets: touch(state.buckets, key, bucket, limits.cacheSize) };
}

function touch<V>(map: ReadonlyMap<string, V>, key: string, value: V, cap: number): Map<string, V> {
  const next = new Map(map);
  next.delete(key);
  next.set(key, value);
  if (next.size > cap) next.delete(next.keys().next().value as string);
  return next;
}
