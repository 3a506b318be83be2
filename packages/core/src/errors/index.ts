// `@rxkube/core/errors`: every error rxkube raises, one class per reason, with the types of their
// options and details. The main entry, `@rxkube/core`, keeps `KubeError`, `isKubeError` and the
// errors most code branches on; a `KubeError`'s `reason` tells every other one apart without an
// import (`if (isKubeError(e) && e.reason === 'NotFound')`).

export { AlreadyExistsError } from './already-exists-error.js';
export { ConflictError } from './conflict-error.js';
export { DecodeError, type DecodeErrorKind, type DecodeErrorOptions } from './decode-error.js';
export type { FieldConflict } from './field-conflict.js';
export { ForbiddenError } from './forbidden-error.js';
export { HttpStatusError } from './http-status-error.js';
export { InvalidError } from './invalid-error.js';
export { InvalidObjectError, type InvalidObjectErrorOptions } from './invalid-object-error.js';
export {
  InvalidPathSegmentError,
  type InvalidPathSegmentErrorOptions,
  type PathSegmentKind,
} from './invalid-path-segment-error.js';
export {
  isKubeError,
  KubeError,
  type KubeErrorOptions,
  type KubeErrorReason,
} from './kube-error.js';
export { MuxFlowControlError } from './mux-flow-control-error.js';
export { NotFoundError } from './not-found-error.js';
export { ResourceVersionExpiredError } from './resource-version-expired-error.js';
export { ResourceVersionTooLargeError } from './resource-version-too-large-error.js';
export type { StatusCause } from './status-cause.js';
export { StreamingListIncompleteError } from './streaming-list-incomplete-error.js';
export { TooManyRequestsError } from './too-many-requests-error.js';
export { TransportError } from './transport-error.js';
export { UnauthorizedError } from './unauthorized-error.js';
export {
  UnknownResourceError,
  type UnknownResourceErrorOptions,
} from './unknown-resource-error.js';
export { WatchEmptyError } from './watch-empty-error.js';
export { WatchStalledError } from './watch-stalled-error.js';
