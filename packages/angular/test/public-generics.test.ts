import type { Signal } from '@angular/core';
import type { CollectionState, ResourceRef } from '@rxkube/core';
import type { Observable } from 'rxjs';
import { describe, expectTypeOf, it } from 'vitest';
import { type InjectedCollection, injectCollection } from '../src/index.js';
import type { Pod } from './support/fixtures.js';

// Checked by the compiler (`pnpm typecheck` compiles the tests).

describe('injectCollection types', () => {
  it('gives the same typed collection for a ref and for a ref function', () => {
    const fixed = (ref: ResourceRef) => injectCollection<Pod>(ref);
    const following = (ref: () => ResourceRef | undefined) => injectCollection<Pod>(ref);
    expectTypeOf(fixed).returns.toEqualTypeOf<InjectedCollection<Pod>>();
    expectTypeOf(following).returns.toEqualTypeOf<InjectedCollection<Pod>>();
    expectTypeOf<InjectedCollection<Pod>['items']>().toEqualTypeOf<
      Signal<ReadonlyMap<string, Pod>>
    >();
    expectTypeOf<InjectedCollection<Pod>['state$']>().toEqualTypeOf<
      Observable<CollectionState<Pod>>
    >();
    expectTypeOf<InjectedCollection<Pod>['currentKey']>().toEqualTypeOf<
      Signal<string | undefined>
    >();
  });
});
