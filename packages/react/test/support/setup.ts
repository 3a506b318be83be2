import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// React Testing Library unmounts after each test only where `afterEach` is a global; vitest's
// are imported: without this, every component of a test would stay mounted (and subscribed)
// through the tests that follow.
afterEach(() => {
  cleanup();
});

// Conditions awaited with `waitFor` get as long as `FakeApiServer.waitFor` gives them (5 s)
// rather than React Testing Library's 1 s: the suite runs on two cores next to every other
// package's tests, where a list, a watch and a render can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });
