import { FakeApiError } from '../../fake-api-error.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';

/**
 * The subresource a read or write of one object addresses: none, or `status` where the resource
 * has that subresource; any other is kube-apiserver's 404 Status.
 */
export function subresourceOf(
  type: ResourceType,
  subresource: string | undefined,
): 'status' | undefined {
  if (subresource === undefined) return undefined;
  if (subresource === 'status' && type.statusSubresource) return 'status';
  throw new FakeApiError(status.resourceNotFound());
}
