// The module `loadedErrorFromResponse` loads when an answer fails (a chunk of its own in the bundle).
export { errorFromResponse } from '@rxkube/core/transport';
