import { describe, expect, it } from 'vitest';
import { divergence } from '../src/internal/demo/divergence.js';

const object = (name: string, resourceVersion: string) => ({
  metadata: { namespace: 'x', name, resourceVersion },
});

describe('divergence', () => {
  it('is 0 when the cache holds every server object at its version', () => {
    const server = [object('a', '1'), object('b', '7')];
    const cache = new Map(server.map((o) => [`x/${o.metadata.name}`, o]));
    expect(divergence(cache, server)).toEqual({ missing: 0, extra: 0, stale: 0, total: 0 });
  });

  it('counts missing, extra and stale keys', () => {
    const cache = new Map([
      ['x/a', object('a', '1')],
      ['x/gone', object('gone', '2')],
    ]);
    const server = [object('a', '3'), object('new', '4')];
    expect(divergence(cache, server)).toEqual({ missing: 1, extra: 1, stale: 1, total: 3 });
  });
});
