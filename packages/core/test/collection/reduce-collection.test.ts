import { describe, expect, it } from 'vitest';
import type { CollectionInput } from '../../src/collection/internal/collection-input.js';
import { initialModel, LISTING, LIVE } from '../../src/collection/internal/collection-model.js';
import { reduceCollection as step } from '../../src/collection/internal/reduce-collection.js';
import type { KubeObject } from '../../src/kube-object.js';
import { pod, rv } from './fixtures.js';

type Input = CollectionInput<KubeObject>;
const listed = (items: KubeObject[], version: string): Input => ({
  type: 'listed',
  items,
  resourceVersion: rv(version),
});
const event = (type: 'ADDED' | 'MODIFIED' | 'DELETED', object: KubeObject): Input => ({
  type: 'events',
  events: [{ type, object }],
});

describe('reduceCollection', () => {
  it('reports nothing until the first complete list, then every item as added', () => {
    const waiting = step(initialModel<KubeObject>(), [
      { type: 'health', health: { status: 'reconnecting', attempt: 1, delayMs: 5, error: 'x' } },
    ]);
    expect(waiting.synced).toBe(false);
    const synced = step(waiting, [
      listed([pod('a', '1'), pod('b', '2')], '10'),
      { type: 'health', health: LISTING },
    ]);
    expect(synced.synced).toBe(true);
    expect(synced.changed).toBe(true);
    expect(synced.deltas.map((d) => `${d.type} ${d.key}`)).toEqual(['added ns/a', 'added ns/b']);
    expect(synced.resourceVersion).toBe('10');
    expect(synced.health).toEqual({ status: 'listing' });
    const watching = step(synced, [{ type: 'health', health: LIVE }]);
    expect(watching.changed).toBe(true);
    expect(watching.deltas).toEqual([]);
    expect(watching.health).toEqual({ status: 'live' });
  });

  it('applies watch events in order and tracks the last version', () => {
    const start = step(initialModel<KubeObject>(), [listed([pod('a', '1')], '1')]);
    const next = step(start, [
      event('MODIFIED', pod('a', '5')),
      event('ADDED', pod('b', '6')),
      event('DELETED', pod('a', '7')),
      {
        type: 'events',
        events: [{ type: 'BOOKMARK', resourceVersion: rv('9'), initialEventsEnd: false }],
      },
    ]);
    expect(next.deltas.map((d) => `${d.type} ${d.key}`)).toEqual([
      'modified ns/a',
      'added ns/b',
      'deleted ns/a',
    ]);
    expect([...next.items.keys()]).toEqual(['ns/b']);
    expect(next.resourceVersion).toBe('9');
    expect(next.stats.events).toBe(3);
    expect([...start.items.keys()]).toEqual(['ns/a']);
  });

  it('ignores a replayed event carrying the cached version', () => {
    const start = step(initialModel<KubeObject>(), [listed([pod('a', '3')], '3')]);
    const next = step(start, [event('MODIFIED', pod('a', '3')), event('DELETED', pod('zz', '4'))]);
    expect(next.deltas).toEqual([]);
    expect(next.changed).toBe(false);
  });

  it('turns a key re-created under a new uid into deleted then added', () => {
    const start = step(initialModel<KubeObject>(), [listed([pod('a', '1', 'u1')], '1')]);
    const next = step(start, [event('ADDED', pod('a', '4', 'u2'))]);
    expect(next.deltas.map((d) => d.type)).toEqual(['deleted', 'added']);
    expect(next.deltas[0]?.object.metadata?.uid).toBe('u1');
  });

  it('diffs a relist against the cache so only real changes become deltas', () => {
    const same = pod('same', '1');
    const start = step(initialModel<KubeObject>(), [
      listed([same, pod('changed', '1'), pod('gone', '1'), pod('reborn', '1', 'old')], '1'),
    ]);
    const relisted = step(start, [
      { type: 'health', health: { status: 'relisting', error: undefined }, count: 'relists' },
      listed(
        [pod('same', '1'), pod('changed', '8'), pod('reborn', '7', 'new'), pod('new', '9')],
        '20',
      ),
    ]);
    expect(relisted.deltas.map((d) => `${d.type} ${d.key}`)).toEqual([
      'modified ns/changed',
      'deleted ns/reborn',
      'added ns/reborn',
      'added ns/new',
      'deleted ns/gone',
    ]);
    expect(relisted.items.get('ns/same')).toBe(same);
    expect(relisted.stats).toEqual({ events: 0, lists: 2, relists: 1, reconnects: 0 });
    expect(relisted.health).toEqual({ status: 'relisting', error: undefined });
    const watching = step(relisted, [{ type: 'health', health: LIVE }]);
    expect(watching.health).toEqual({ status: 'live' });
    expect(watching.stats).toEqual({ events: 0, lists: 2, relists: 1, reconnects: 0 });
  });

  it('takes health from the loop as it is: a list alone changes no health', () => {
    const listedOnly = step(initialModel<KubeObject>(), [listed([pod('a', '1')], '1')]);
    expect(listedOnly.synced).toBe(true);
    expect(listedOnly.health).toEqual({ status: 'listing' });
    const live = step(listedOnly, [{ type: 'health', health: LIVE }]);
    expect(live.changed).toBe(true);
    expect(live.health).toBe(LIVE);
    const relisting = step(live, [
      { type: 'health', health: { status: 'relisting', error: undefined }, count: 'relists' },
      { type: 'health', health: { status: 'reconnecting', attempt: 1, delayMs: 5, error: 'x' } },
      listed([pod('a', '2')], '2'),
    ]);
    expect(relisting.health).toMatchObject({ status: 'reconnecting' });
    expect(relisting.deltas.map((d) => `${d.type} ${d.key}`)).toEqual(['modified ns/a']);
    expect(relisting.stats).toEqual({ events: 0, lists: 2, relists: 1, reconnects: 0 });
  });

  it('emits a health change after sync without deltas, and counts what the loop says', () => {
    const start = step(initialModel<KubeObject>(), [
      listed([], '1'),
      { type: 'health', health: LIVE },
    ]);
    const failing = step(start, [
      { type: 'health', health: { status: 'reconnecting', attempt: 1, delayMs: 100, error: 'x' } },
    ]);
    expect(failing.changed).toBe(true);
    expect(failing.deltas).toEqual([]);
    const resumed = step(failing, [{ type: 'health', health: LIVE, count: 'reconnects' }]);
    expect(resumed.health.status).toBe('live');
    expect(resumed.stats.reconnects).toBe(1);
    // The same health told again is no change (it is the same object), but a count still counts.
    const again = step(resumed, [{ type: 'health', health: LIVE, count: 'reconnects' }]);
    expect(again.changed).toBe(false);
    expect(again.stats.reconnects).toBe(2);
  });

  it('diffs a relist against events that arrived earlier in the same batch', () => {
    const start = step(initialModel<KubeObject>(), [listed([pod('a', '1')], '1')]);
    const next = step(start, [
      event('ADDED', pod('x', '2')),
      event('MODIFIED', pod('a', '3')),
      listed([], '9'),
    ]);
    expect(next.deltas.map((d) => `${d.type} ${d.key}`).slice(0, 2)).toEqual([
      'added ns/x',
      'modified ns/a',
    ]);
    expect(
      next.deltas
        .map((d) => `${d.type} ${d.key}`)
        .slice(2)
        .sort(),
    ).toEqual(['deleted ns/a', 'deleted ns/x']);
    const deletedA = next.deltas.find((d) => d.type === 'deleted' && d.key === 'ns/a');
    expect(deletedA?.object.metadata?.resourceVersion).toBe('3');
    expect(next.items.size).toBe(0);
  });

  it('keeps one added delta, for the later object, when a first list names a key twice', () => {
    const model = step(initialModel<KubeObject>(), [listed([pod('a', '1'), pod('a', '2')], '2')]);
    expect(
      model.deltas.map((d) => `${d.type} ${d.key} ${d.object.metadata?.resourceVersion}`),
    ).toEqual(['added ns/a 2']);
    expect(model.items.get('ns/a')?.metadata?.resourceVersion).toBe('2');
  });
});
