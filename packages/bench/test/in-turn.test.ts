import { describe, expect, it } from 'vitest';
import { inTurn } from '../src/scenarios/in-turn.js';

describe('inTurn', () => {
  it('starts run r with client r and goes round, so each client takes each place', () => {
    const clients = ['a', 'b', 'c'];
    const runs = [0, 1, 2, 3].map((round) => inTurn(clients, round));
    expect(runs).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
      ['a', 'b', 'c'],
    ]);
    for (const place of [0, 1, 2])
      expect(new Set(runs.slice(0, 3).map((run) => run[place]))).toEqual(new Set(clients));
    expect(clients).toEqual(['a', 'b', 'c']);
  });

  it('gives no clients for none', () => {
    expect(inTurn([], 2)).toEqual([]);
  });
});
