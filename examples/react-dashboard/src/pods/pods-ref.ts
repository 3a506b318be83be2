import type { ResourceRef } from '@rxkube/core';

/** Every pod of the cluster: one list+watch, shared by every component of the pod table. */
export const PODS: ResourceRef = { version: 'v1', resource: 'pods' };
