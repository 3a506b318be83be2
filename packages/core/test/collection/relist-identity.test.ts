import { describe, expect, it } from 'vitest';
import type { CollectionInput } from '../../src/collection/internal/collection-input.js';
import { initialModel } from '../../src/collection/internal/collection-model.js';
import { reduceCollection as step } from '../../src/collection/internal/reduce-collection.js';
import { objectDecoder } from '../../src/internal/object-decoder.js';
import type { KubeObject } from '../../src/kube-object.js';
import { pod, rv } from './fixtures.js';

type Input = CollectionInput<KubeObject>;
const listed = (items: KubeObject[], version: string): Input => ({
  type: 'listed',
  items,
  resourceVersion: rv(version),
});

describe('relists against the cache', () => {
  it('do not skip the deletion walk when the list names a key twice', () => {
    const start = step(initialModel<KubeObject>(), [listed([pod('a', '1'), pod('b', '2')], '2')]);
    // b is gone; a is listed twice, so "every cached key was found" would count 2 of 2
    const relisted = step(start, [listed([pod('a', '1'), pod('a', '1')], '5')]);
    expect([...relisted.items.keys()]).toEqual(['ns/a']);
    expect(relisted.deltas.map((d) => `${d.type} ${d.key}`)).toEqual(['deleted ns/b']);
  });

  it('compare the wire key, uid and version when a transform dropped them', () => {
    const strip = objectDecoder<KubeObject>(undefined, (p) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: p.metadata?.name },
    }))!;
    const start = step(initialModel<KubeObject>(), [
      listed([strip(pod('a', '1', 'uid-1')), strip(pod('b', '2'))], '2'),
    ]);
    expect([...start.items.keys()].sort()).toEqual(['ns/a', 'ns/b']);
    const relisted = step(start, [
      listed([strip(pod('a', '7', 'uid-2')), strip(pod('b', '2'))], '7'),
    ]);
    // a was deleted and created again; b did not change
    expect(relisted.deltas.map((d) => `${d.type} ${d.key}`)).toEqual([
      'deleted ns/a',
      'added ns/a',
    ]);
    expect(relisted.resourceVersion).toBe('7');
    const resumed = step(relisted, [
      { type: 'events', events: [{ type: 'MODIFIED', object: strip(pod('b', '9')) }] },
    ]);
    expect(resumed.resourceVersion).toBe('9');
  });
});
