import type { KubeObject } from '@rxkube/core';

/** The fields of a Pod that the dashboard shows. */
export interface Pod extends KubeObject {
  readonly spec?: { readonly nodeName?: string };
  readonly status?: {
    readonly phase?: string;
    readonly containerStatuses?: readonly {
      readonly ready?: boolean;
      readonly restartCount?: number;
    }[];
  };
}
