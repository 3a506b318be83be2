import { describe, expect, it } from 'vitest';
import {
  after,
  checkGroup,
  memberLease,
  memberLeaseName,
  recordedView,
  SHARD_VIEW_ANNOTATION,
} from '../../src/controller/internal/member-lease.js';

const lease = (annotation: string | undefined) => ({
  metadata: {
    name: 'g-a',
    ...(annotation === undefined ? {} : { annotations: { [SHARD_VIEW_ANNOTATION]: annotation } }),
  },
});

describe("a shard member's Lease", () => {
  it('is named after the group and the identity, within 253 characters, one name per identity', () => {
    expect(memberLeaseName('ctl', 'host-a-4242')).toMatch(/^ctl-host-a-4242-[0-9a-f]{8}$/);
    // Characters a name cannot hold are replaced, and the hash keeps the identities apart.
    const a = memberLeaseName('ctl', 'Host_A:4242');
    const b = memberLeaseName('ctl', 'host-a-4242');
    expect(a).toMatch(/^ctl-host-a-4242-[0-9a-f]{8}$/);
    expect(a).not.toBe(b);
    const long = memberLeaseName('ctl', 'x'.repeat(400));
    expect(long.length).toBeLessThanOrEqual(253);
    expect(memberLeaseName('ctl', '!!!')).toMatch(/^ctl-[0-9a-f]{8}$/);
    for (const name of [a, b, long]) expect(name).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
  });

  it('refuses a group that cannot be a label value and the start of a name', () => {
    expect(() => checkGroup('my-controller')).not.toThrow();
    for (const bad of ['', 'My-Controller', '-x', 'x-', 'a'.repeat(64), 'a/b']) {
      expect(() => checkGroup(bad), bad).toThrow(RangeError);
    }
  });

  it('reads the recorded view, and takes one it cannot read as claiming every key', () => {
    expect(recordedView(lease('["b","a","b"]'))).toEqual(['a', 'b']);
    for (const bad of [undefined, 'not json', '{"a":1}', '[1]', '[""]']) {
      expect(recordedView(lease(bad)), String(bad)).toBe('all');
    }
  });

  it('records the view, the group label and the duration, guarded by the version it read', () => {
    const previous = {
      metadata: { name: 'ctl-a', resourceVersion: '7' },
      spec: { acquireTime: '2024-01-01T00:00:00.000000Z', leaseTransitions: 2 },
    };
    const written = memberLease(
      { namespace: 'ns', group: 'ctl', name: 'ctl-a' },
      { identity: 'a', view: ['a', 'b'], leaseDurationMs: 2_500 },
      previous,
      new Date('2024-01-02T00:00:00.000Z'),
    );
    expect(written).toEqual({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name: 'ctl-a',
        namespace: 'ns',
        labels: { 'rxkube.dev/shard-group': 'ctl' },
        annotations: { 'rxkube.dev/shard-view': '["a","b"]' },
        resourceVersion: '7',
      },
      spec: {
        holderIdentity: 'a',
        leaseDurationSeconds: 3,
        acquireTime: '2024-01-01T00:00:00.000000Z',
        renewTime: '2024-01-02T00:00:00.000000Z',
        leaseTransitions: 2,
      },
    });
  });

  it('changes its renewal time with every write, even when the wall clock has not moved on or went back', () => {
    // Others see a renewal only as a changed spec: two writes in one clock tick must differ.
    expect(after(undefined, '2024-01-01T00:00:00.123000Z')).toBe('2024-01-01T00:00:00.123000Z');
    expect(after('2024-01-01T00:00:00.123000Z', '2024-01-01T00:00:00.124000Z')).toBe(
      '2024-01-01T00:00:00.124000Z',
    );
    expect(after('2024-01-01T00:00:00.123000Z', '2024-01-01T00:00:00.123000Z')).toBe(
      '2024-01-01T00:00:00.123001Z',
    );
    expect(after('2024-01-01T00:00:05.000000Z', '2024-01-01T00:00:00.000000Z')).toBe(
      '2024-01-01T00:00:05.000001Z',
    );
    expect(after('2024-12-31T23:59:59.999999Z', '2024-01-01T00:00:00.000000Z')).toBe(
      '2025-01-01T00:00:00.000000Z',
    );
  });
});
