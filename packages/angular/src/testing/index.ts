// `@rxkube/angular/testing`: what an application's tests need to run injectCollection against
// `FakeApiServer` (from `@rxkube/testing`) under Angular's TestBed, in a browser or in plain Node.

export { ensureTestEnvironment } from './ensure-test-environment.js';
export { provideFakeRxKube } from './provide-fake-rx-kube.js';
