import { inNamespace, type ResourceRef, type ResourceScope } from '@rxkube/core';
import { pods } from '@rxkube/core/kinds';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CollectionResult,
  type ObjectResult,
  type SelectedCollectionResult,
  useCollection,
  useCollections,
  useObject,
} from '../src/index.js';
import type { Pod } from './support/fixtures.js';

// Checked by the compiler (`pnpm typecheck` compiles the tests).

describe('hook types', () => {
  it('infers the object type from a typed ref', () => {
    // The Pod of kubernetes-types, as @rxkube/core/kinds types its refs.
    type Pod = typeof pods extends ResourceRef<infer T, ResourceScope> ? T : never;
    const listed = () => useCollection(pods);
    expectTypeOf(listed).returns.toEqualTypeOf<CollectionResult<Pod>>();
    const scoped = () => useCollection(inNamespace(pods, 'default'));
    expectTypeOf(scoped).returns.toEqualTypeOf<CollectionResult<Pod>>();
    const one = () => useObject(pods, 'web-0');
    expectTypeOf(one).returns.toEqualTypeOf<ObjectResult<Pod>>();
    const many = () => useCollections([pods, undefined]);
    expectTypeOf(many).returns.toEqualTypeOf<readonly CollectionResult<Pod>[]>();
    const phases = () =>
      useCollection(pods, { select: (items) => [...items.values()].map((p) => p.status?.phase) });
    expectTypeOf(phases).returns.toEqualTypeOf<SelectedCollectionResult<(string | undefined)[]>>();
  });

  it('types the result by the object type, for a ref or an undefined one', () => {
    const pods = (ref: ResourceRef | undefined) => useCollection<Pod>(ref);
    expectTypeOf(pods).returns.toEqualTypeOf<CollectionResult<Pod>>();
    expectTypeOf<CollectionResult<Pod>['items']>().toEqualTypeOf<ReadonlyMap<string, Pod>>();
    const object = (ref: ResourceRef) => useObject<Pod>(ref, 'web-0');
    expectTypeOf(object).returns.toEqualTypeOf<ObjectResult<Pod>>();
    expectTypeOf<ObjectResult<Pod>['object']>().toEqualTypeOf<Pod | undefined>();
  });

  it('infers the selected type from select, and the object type from its parameter', () => {
    const running = (ref: ResourceRef) =>
      useCollection(ref, {
        select: (items: ReadonlyMap<string, Pod>) =>
          [...items.values()].filter((p) => p.status?.phase === 'Running'),
      });
    expectTypeOf(running).returns.toEqualTypeOf<SelectedCollectionResult<Pod[]>>();
    const count = (ref: ResourceRef) => useCollection(ref, { select: (items) => items.size });
    expectTypeOf(count).returns.toEqualTypeOf<SelectedCollectionResult<number>>();
  });

  it('refuses an isEqual of another type than select returns', () => {
    const wrong = (ref: ResourceRef) =>
      // @ts-expect-error: isEqual compares strings, select gives numbers
      useCollection(ref, {
        select: (items) => items.size,
        isEqual: (a: string, b: string) => a === b,
      });
    expectTypeOf(wrong).toBeFunction();
  });
});
