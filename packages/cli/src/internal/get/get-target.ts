import type { ResourceRef } from '@rxkube/core';
import type { ApiResource } from '@rxkube/core/discovery';
import type { OutputFormat } from '../cli-args.js';
import type { ResourceColumns } from '../render/resource-columns.js';

/** Everything a `get` printer needs to know about what is listed. */
export interface GetTarget {
  readonly resource: ApiResource;
  readonly ref: ResourceRef;
  /** `pods in namespace "x"`, `pods in all namespaces`, `namespaces`. */
  readonly label: string;
  readonly columns: ResourceColumns;
  readonly output: OutputFormat;
  /** Whether a key is one of the names asked for (always true without names). */
  readonly keep: (key: string) => boolean;
}
