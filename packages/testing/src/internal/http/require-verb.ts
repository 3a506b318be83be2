import { FakeApiError } from '../../fake-api-error.js';
import type { ResourceType } from '../resources/resource-type.js';
import * as status from '../status.js';

/** Refuses, with kube-apiserver's 405 Status, a verb the resource does not serve. */
export function requireVerb(type: ResourceType, verb: string): void {
  if (!type.verbs.includes(verb)) {
    throw new FakeApiError(status.methodNotSupported(type.gr, verb));
  }
}
