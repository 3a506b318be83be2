import { describe, expect, it } from 'vitest';
import { collectionKey } from '../../src/sharing/internal/collection-key.js';

const pods = { version: 'v1', resource: 'pods' };

describe('collectionKey', () => {
  it('ignores field order and undefined fields', () => {
    expect(
      collectionKey({ resource: 'pods', version: 'v1', group: '' }, { a: 1, b: undefined }),
    ).toBe(collectionKey(pods, { a: 1 }));
    expect(collectionKey(pods, { backoff: { maxMs: 5, initialMs: 1 }, labelSelector: 'x' })).toBe(
      collectionKey(pods, { labelSelector: 'x', backoff: { initialMs: 1, maxMs: 5 } }),
    );
  });

  it('tells apart namespaces, selectors and groups', () => {
    const keys = new Set([
      collectionKey(pods, {}),
      collectionKey({ ...pods, namespace: 'a' }, {}),
      collectionKey(pods, { labelSelector: 'app=x' }),
      collectionKey(pods, { fieldSelector: 'app=x' }),
      collectionKey({ ...pods, group: 'example.com' }, {}),
    ]);
    expect(keys.size).toBe(5);
  });

  it('compares functions by identity', () => {
    const transform = (o: unknown) => o;
    expect(collectionKey(pods, { transform })).toBe(collectionKey(pods, { transform }));
    expect(collectionKey(pods, { transform })).not.toBe(
      collectionKey(pods, { transform: (o: unknown) => o }),
    );
  });
});
