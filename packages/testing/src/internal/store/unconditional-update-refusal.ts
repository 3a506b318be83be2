import type { FakeApiStatus } from '../../fake-api-status.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';

const FIELD = 'metadata.resourceVersion';
const DETAIL = 'must be specified for an update';

/**
 * kube-apiserver 1.20's answer to a PUT without `metadata.resourceVersion` (or with an empty
 * one) on a kind whose strategy refuses unconditional updates, or `undefined` when it allows
 * them. The generic store names the resource and prints the missing version as Go's `0x0`; the
 * Service registry validates the metadata itself, twice, and names the kind with the empty string.
 */
export function unconditionalUpdateRefusal(
  type: ResourceType,
  name: string,
  subresource: 'status' | undefined,
): FakeApiStatus | undefined {
  switch (type.unconditionalUpdate) {
    case 'allowed':
      return undefined;
    case 'service': {
      if (subresource === 'status') return undefined;
      const error = { type: 'Invalid', field: FIELD, value: '', detail: DETAIL } as const;
      return status.invalid({ group: type.group, kind: type.kind }, name, [error, error]);
    }
    case 'invalid': {
      const message = `Invalid value: 0x0: ${DETAIL}`;
      return status.failure(
        422,
        'Invalid',
        `${status.qualifiedResource(type.gr)} ${JSON.stringify(name)} is invalid: ${FIELD}: ${message}`,
        {
          name,
          group: type.group,
          kind: type.resource,
          causes: [{ reason: 'FieldValueInvalid', message, field: FIELD }],
        },
      );
    }
  }
}
