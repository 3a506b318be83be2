import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../src/errors/error-from-response.js';
import { errorFromStatus } from '../../src/errors/error-from-status.js';
import { isKubeError } from '../../src/errors/kube-error.js';
import type { KubeStatus } from '../../src/kube-status.js';
import { fuzzRuns } from './fuzz-runs.js';

/** A value of any JSON type, or one of the shapes a Status field should have. */
const anyOr = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof(arbitrary, fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined));

/** Status objects as a hostile or broken server may send them: every field of any type. */
const status = fc.record(
  {
    kind: anyOr(fc.constant('Status')),
    apiVersion: anyOr(fc.constant('v1')),
    status: anyOr(fc.constantFrom('Failure', 'Success')),
    message: anyOr(fc.string()),
    reason: anyOr(fc.constantFrom('Expired', 'Gone', 'Conflict', 'TooManyRequests', 'Timeout', '')),
    code: anyOr(fc.integer({ min: -1, max: 999 })),
    metadata: anyOr(fc.record({ continue: anyOr(fc.string()) })),
    details: anyOr(
      fc.record(
        {
          retryAfterSeconds: anyOr(fc.double()),
          causes: anyOr(fc.array(anyOr(fc.record({ reason: anyOr(fc.string()) })))),
          name: anyOr(fc.string()),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);

const headers = fc.option(
  fc.record({ 'retry-after': fc.oneof(fc.string(), fc.nat().map(String), fc.date().map(String)) }),
  { nil: undefined },
);

function expectWellFormed(error: unknown): void {
  expect(isKubeError(error)).toBe(true);
  const kubeError = error as Error & { reason: unknown; retryable: unknown; retryAfterMs: unknown };
  expect(typeof kubeError.message).toBe('string');
  expect(typeof kubeError.reason).toBe('string');
  expect(typeof kubeError.retryable).toBe('boolean');
  const delay = kubeError.retryAfterMs;
  expect(
    delay === undefined || (typeof delay === 'number' && delay >= 0 && !Number.isNaN(delay)),
  ).toBe(true);
}

describe('errorFromStatus and errorFromResponse under random Status objects (fuzz)', () => {
  it('errorFromStatus always returns a well-formed KubeError, never throws', () => {
    fc.assert(
      fc.property(status, fc.integer({ min: -1, max: 999 }), headers, (value, code, head) => {
        expectWellFormed(
          errorFromStatus(value as unknown as KubeStatus, { httpCode: code, headers: head }),
        );
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('errorFromResponse of any body (a Status of random types, JSON, text) returns a well-formed KubeError', () => {
    const body = fc.oneof(
      status.map((value) => JSON.stringify(value)),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), body, headers, (code, text, head) => {
        expectWellFormed(errorFromResponse(code, text, head));
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
