import { ensureTestEnvironment } from '../../src/testing/index.js';

// Angular's TestBed in plain Node, as `@rxkube/angular/testing` sets it up for applications.
ensureTestEnvironment();
