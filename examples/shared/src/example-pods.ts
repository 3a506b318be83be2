import type { FakeResourceRef } from '@rxkube/testing';

/** The examples' pods: `v1` `pods`, as FakeApiServer's methods take them. */
export const EXAMPLE_PODS: FakeResourceRef = { version: 'v1', resource: 'pods' };

/** Which pod: its namespace and name. */
export interface PodName {
  readonly namespace: string;
  readonly name: string;
}
