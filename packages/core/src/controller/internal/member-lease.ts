import { type Lease, type LeaseSpec, microTime } from './lease.js';
import { hashString } from './rendezvous.js';

/** The label that puts a member's Lease in its group: `kubectl get leases -l rxkube.dev/shard-group=NAME`. */
export const SHARD_GROUP_LABEL = 'rxkube.dev/shard-group';

/**
 * The annotation in which a member records the view it adopted: the JSON array of the member
 * identities it assigns keys over. What a member claims is a function of this record alone.
 */
export const SHARD_VIEW_ANNOTATION = 'rxkube.dev/shard-view';

/** A member list, sorted and without duplicates: the same members make the same view. */
export type View = readonly string[];

/** The longest name a Lease (a DNS subdomain) may have. */
const MAX_NAME = 253;
/** A label value that is also a DNS label, so it can start a Lease name. */
const GROUP_PATTERN = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** Throws a `RangeError` unless `group` can be a label value and the start of a Lease name. */
export function checkGroup(group: string): void {
  if (!GROUP_PATTERN.test(group)) {
    throw new RangeError(
      `group must be 1 to 63 lower-case letters, digits or '-', starting and ending with a letter or digit; got ${JSON.stringify(group)}`,
    );
  }
}

/**
 * The name of a member's Lease: the group, the identity made name-safe, and a hash of the exact
 * identity (two identities that differ only in characters a name cannot hold get two Leases).
 */
export function memberLeaseName(group: string, identity: string): string {
  const suffix = hashString(identity).toString(16).padStart(8, '0');
  const room = MAX_NAME - group.length - suffix.length - 2;
  const safe = identity
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '')
    .slice(0, room)
    .replace(/[^a-z0-9]+$/, '');
  return safe === '' ? `${group}-${suffix}` : `${group}-${safe}-${suffix}`;
}

/** A view from any member list. */
export function viewOf(members: Iterable<string>): View {
  return [...new Set(members)].sort();
}

/** Two views hold the same members. */
export function sameView(a: View | undefined, b: View | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  return a.every((member, i) => member === b[i]);
}

/**
 * The view a member's Lease records, or `'all'` when it records none that can be read (another
 * program's Lease, an edit by hand): such a member is taken to claim every key, the safe reading.
 */
export function recordedView(lease: Lease): View | 'all' {
  const text = lease.metadata?.annotations?.[SHARD_VIEW_ANNOTATION];
  if (typeof text !== 'string') return 'all';
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || !parsed.every((m) => typeof m === 'string' && m !== ''))
      return 'all';
    return viewOf(parsed as string[]);
  } catch {
    return 'all';
  }
}

/** What a member writes: its Lease with the view it adopts, renewed now. */
export interface MemberLeaseSpec {
  readonly identity: string;
  readonly view: View;
  readonly leaseDurationMs: number;
}

/** The Lease object a member creates or replaces (`resourceVersion` guards a replace). */
export function memberLease(
  at: { readonly namespace: string; readonly group: string; readonly name: string },
  spec: MemberLeaseSpec,
  previous: Lease | undefined,
  now: Date,
): Lease {
  const wallClock = microTime(now);
  const leaseSpec: LeaseSpec = {
    holderIdentity: spec.identity,
    leaseDurationSeconds: Math.ceil(spec.leaseDurationMs / 1000),
    acquireTime: previous?.spec?.acquireTime ?? wallClock,
    renewTime: after(previous?.spec?.renewTime, wallClock),
    leaseTransitions: previous?.spec?.leaseTransitions ?? 0,
  };
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: at.name,
      namespace: at.namespace,
      labels: { [SHARD_GROUP_LABEL]: at.group },
      annotations: { [SHARD_VIEW_ANNOTATION]: JSON.stringify(spec.view) },
      ...(previous?.metadata?.resourceVersion === undefined
        ? {}
        : { resourceVersion: previous.metadata.resourceVersion }),
    },
    spec: leaseSpec,
  };
}

const MICRO_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{6})Z$/;

/**
 * A renewal time later than the previous one: the wall clock's, or one microsecond after the
 * previous when the clock has not moved on (two writes within its resolution, a clock stepped
 * back). Others judge expiry by the spec changing, so every renewal must change it.
 */
export function after(previous: string | undefined, wallClock: string): string {
  if (previous === undefined || wallClock > previous) return wallClock;
  const parts = MICRO_TIME.exec(previous);
  if (parts === null) return wallClock;
  const seconds = Date.parse(`${parts[1]}Z`);
  const micros = Number(parts[2]) + 1;
  const date = new Date(seconds + Math.floor(micros / 1_000_000) * 1000);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, `.${String(micros % 1_000_000).padStart(6, '0')}Z`);
}
