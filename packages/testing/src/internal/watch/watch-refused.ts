import type { FakeApiStatus } from '../../fake-api-status.js';

/**
 * A watch that cannot start: with `watchExpiredAs: 'event'` an HTTP 200 carrying one ERROR event
 * (what kube-apiserver does once it has accepted the watch), otherwise the HTTP status.
 */
export class WatchRefused extends Error {
  constructor(readonly status: FakeApiStatus) {
    super(status.message);
  }
}
