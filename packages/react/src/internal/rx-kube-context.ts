import type { CollectionRegistry } from '@rxkube/core';
import { createContext } from 'react';

/** The registry of the nearest `<RxKubeProvider>`; `undefined` outside of one. */
export const RxKubeContext = createContext<CollectionRegistry | undefined>(undefined);
RxKubeContext.displayName = 'RxKubeContext';
