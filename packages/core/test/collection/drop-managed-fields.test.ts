import { describe, expect, it } from 'vitest';
import { dropManagedFields } from '../../src/collection/drop-managed-fields.js';
import { isSynced } from '../../src/collection/is-synced.js';

describe('dropManagedFields', () => {
  it('removes metadata.managedFields and keeps everything else', () => {
    const pod = {
      kind: 'Pod',
      metadata: { name: 'p', managedFields: [{ manager: 'kubectl' }], labels: { a: 'b' } },
      spec: { nodeName: 'n' },
    };
    const lean = dropManagedFields(pod);
    expect(lean).toEqual({
      kind: 'Pod',
      metadata: { name: 'p', labels: { a: 'b' } },
      spec: { nodeName: 'n' },
    });
    expect('managedFields' in lean.metadata).toBe(false);
    expect(pod.metadata.managedFields).toHaveLength(1); // the input is not changed
  });

  it('returns an object without managed fields as it is', () => {
    const pod = { metadata: { name: 'p' } };
    expect(dropManagedFields(pod)).toBe(pod);
  });
});

describe('isSynced', () => {
  it('tells synced snapshots from health updates', () => {
    const stats = { events: 0, lists: 0, relists: 0, reconnects: 0 };
    expect(isSynced({ synced: false, health: { status: 'listing' }, stats })).toBe(false);
    expect(
      isSynced({
        synced: true,
        items: new Map(),
        deltas: [],
        resourceVersion: '1' as never,
        health: { status: 'live' },
        stats,
      }),
    ).toBe(true);
  });
});
