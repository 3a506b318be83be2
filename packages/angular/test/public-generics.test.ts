import type { Signal } from '@angular/core';
import {
  type CollectionState,
  inNamespace,
  type KubeObject,
  type ResourceRef,
  type Served,
} from '@rxkube/core';
import { namespaces, pods } from '@rxkube/core/kinds';
import type { Pod as PodModel } from 'kubernetes-types/core/v1.js';
import type { Observable } from 'rxjs';
import { describe, expectTypeOf, it } from 'vitest';
import { type InjectedCollection, injectCollection } from '../src/index.js';
import type { Pod } from './support/fixtures.js';

// Checked by the compiler (`pnpm typecheck` compiles the tests).

describe('injectCollection types', () => {
  it('gives the same typed collection for a ref and for a ref function', () => {
    const fixed = (ref: ResourceRef) => injectCollection<Pod>(ref);
    const following = (ref: () => ResourceRef | undefined) => injectCollection<Pod>(ref);
    expectTypeOf(fixed).returns.toEqualTypeOf<InjectedCollection<Served<Pod>>>();
    expectTypeOf(following).returns.toEqualTypeOf<InjectedCollection<Served<Pod>>>();
    expectTypeOf<InjectedCollection<Served<Pod>>['items']>().toEqualTypeOf<
      Signal<ReadonlyMap<string, Served<Pod>>>
    >();
    expectTypeOf<InjectedCollection<Served<Pod>>['state$']>().toEqualTypeOf<
      Observable<CollectionState<Served<Pod>>>
    >();
    expectTypeOf<InjectedCollection<Pod>['currentKey']>().toEqualTypeOf<
      Signal<string | undefined>
    >();
  });

  it('hands out what the server sent: metadata.name, uid and namespace need no `?.`', () => {
    const untyped = () => injectCollection({ version: 'v1', resource: 'pods' });
    expectTypeOf(untyped).returns.toEqualTypeOf<InjectedCollection<Served<KubeObject>>>();
    const names = (collection: InjectedCollection<Served<KubeObject>>) =>
      [...collection.items().values()].map((pod) => `${pod.metadata.uid} ${pod.metadata.name}`);
    expectTypeOf(names).returns.toEqualTypeOf<string[]>();
  });

  it('takes its item type from a typed ref, or from the ref its function returns', () => {
    const fixed = () => injectCollection(inNamespace(pods, 'shop'));
    expectTypeOf(fixed).returns.toEqualTypeOf<InjectedCollection<Served<PodModel, 'Namespaced'>>>();
    const following = (namespace: () => string | undefined) =>
      injectCollection(() => {
        const chosen = namespace();
        return chosen === undefined ? undefined : inNamespace(pods, chosen);
      });
    expectTypeOf(following).returns.toEqualTypeOf<
      InjectedCollection<Served<PodModel, 'Namespaced'>>
    >();
    const cluster = () => injectCollection(namespaces);
    type Item = ReturnType<typeof cluster> extends InjectedCollection<infer I> ? I : never;
    expectTypeOf<Item['metadata']['name']>().toEqualTypeOf<string>();
    expectTypeOf<Item['kind']>().toEqualTypeOf<'Namespace'>();
  });
});
