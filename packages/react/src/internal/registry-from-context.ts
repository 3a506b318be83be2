import type { CollectionRegistry } from '@rxkube/core';
import { useContext } from 'react';
import { RxKubeContext } from './rx-kube-context.js';

/** The nearest provider's registry, or a clear error naming the hook that needed it. */
export function useRegistryFromContext(hook: string): CollectionRegistry {
  const registry = useContext(RxKubeContext);
  if (registry === undefined) {
    throw new Error(
      `${hook}() needs an <RxKubeProvider client={…}> above this component: none was found.`,
    );
  }
  return registry;
}
