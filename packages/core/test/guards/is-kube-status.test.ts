import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKubeStatus } from '../../src/guards/is-kube-status.js';
import { kubeStatusSchema } from '../../src/schemas/kube-status-schema.js';

/** JSON leaves: right and wrong types for every field the schema checks. */
const leaf = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('', 'x', 'Status', 'Failure', 'NotFound', 'status'),
);
const loose = fc.oneof(leaf, fc.array(leaf, { maxLength: 2 }), fc.dictionary(fc.string(), leaf));
/** Mostly the right type, so that whole Status objects pass often enough to compare both ways. */
const str = fc.oneof({ arbitrary: fc.string(), weight: 12 }, { arbitrary: loose, weight: 1 });
const num = fc.oneof({ arbitrary: fc.integer(), weight: 12 }, { arbitrary: loose, weight: 1 });
/** Mostly an object of that shape, sometimes anything else. */
const mostly = <T>(shape: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: shape, weight: 6 }, { arbitrary: loose, weight: 1 });
const cause = mostly(
  fc.record({ reason: str, message: str, field: str, extra: loose }, { requiredKeys: [] }),
);
const details = mostly(
  fc.record(
    {
      name: str,
      group: str,
      kind: str,
      uid: str,
      retryAfterSeconds: num,
      causes: mostly(fc.array(cause, { maxLength: 3 })),
      extra: loose,
    },
    { requiredKeys: [] },
  ),
);
const status = fc.oneof(
  loose,
  fc.record(
    {
      kind: fc.oneof(fc.constant('Status'), loose),
      apiVersion: str,
      metadata: mostly(
        fc.record({ continue: str, resourceVersion: str, extra: loose }, { requiredKeys: [] }),
      ),
      status: str,
      message: str,
      reason: str,
      code: num,
      details,
      extra: loose,
    },
    { requiredKeys: ['kind'] },
  ),
);
/** Through JSON and back: the guard only ever sees what `JSON.parse` makes. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

describe('isKubeStatus', () => {
  it('accepts exactly the values kubeStatusSchema accepts', () => {
    const seen = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(status, (value) => {
        const json = asJson(value);
        const accepted = kubeStatusSchema.safeParse(json).success;
        seen[accepted ? 'accepted' : 'rejected']++;
        expect(isKubeStatus(json)).toBe(accepted);
      }),
      { numRuns: 5000 },
    );
    // Both answers were exercised, not only one.
    expect(seen.accepted).toBeGreaterThan(50);
    expect(seen.rejected).toBeGreaterThan(50);
  });

  it('accepts a real 404 Status and rejects a wrong type in each kind of field', () => {
    const notFound = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'pods "x" not found',
      reason: 'NotFound',
      details: { name: 'x', kind: 'pods', causes: [{ reason: 'FieldValueInvalid', field: 'a' }] },
      code: 404,
    };
    expect(isKubeStatus(notFound)).toBe(true);
    expect(isKubeStatus({ ...notFound, kind: 'Pod' })).toBe(false);
    expect(isKubeStatus({ ...notFound, code: '404' })).toBe(false);
    expect(isKubeStatus({ ...notFound, metadata: [] })).toBe(false);
    expect(isKubeStatus({ ...notFound, details: { causes: [{ field: 1 }] } })).toBe(false);
    expect(isKubeStatus({ ...notFound, details: { retryAfterSeconds: '1' } })).toBe(false);
    expect(isKubeStatus({ kind: 'Status', code: Number.POSITIVE_INFINITY })).toBe(
      kubeStatusSchema.safeParse({ kind: 'Status', code: Number.POSITIVE_INFINITY }).success,
    );
  });
});
