import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isListEnvelope } from '../../src/guards/is-list-envelope.js';
import { isWatchEnvelope } from '../../src/guards/is-watch-envelope.js';
import { listEnvelopeIssue } from '../../src/guards/list-envelope-issue.js';
import { listEnvelopeCheck, watchEnvelopeCheck } from '../../src/internal/envelope-checks.js';

/** JSON values near the envelopes' shapes: right and wrong types in every field that is checked. */
const leaf = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('', 'x', 'ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR', 'added'),
);
const loose = fc.oneof(leaf, fc.array(leaf, { maxLength: 2 }), fc.dictionary(fc.string(), leaf));
const field = fc.option(loose, { nil: undefined });
const metadata = fc.oneof(
  loose,
  fc.record(
    {
      name: fc.oneof(fc.string(), loose),
      generateName: fc.oneof(fc.string(), loose),
      namespace: fc.oneof(fc.string(), loose),
      uid: fc.oneof(fc.string(), loose),
      resourceVersion: fc.oneof(fc.string(), loose),
      continue: fc.oneof(fc.string(), loose),
      remainingItemCount: fc.oneof(fc.integer(), loose),
      labels: loose,
    },
    { requiredKeys: [] },
  ),
);
const object = fc.oneof(loose, fc.record({ metadata, kind: field }, { requiredKeys: [] }));
const event = fc.oneof(
  loose,
  fc.record(
    {
      type: fc.oneof(fc.constantFrom('ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR'), loose),
      object,
    },
    { requiredKeys: [] },
  ),
);
/** Lists near the valid ones: every field right but perhaps an item's name (missing or empty). */
const nearlyValidList = fc.record({
  metadata: fc.record({ resourceVersion: fc.string() }),
  items: fc.array(
    fc.record({
      metadata: fc.record({ name: fc.string(), namespace: fc.string() }, { requiredKeys: [] }),
    }),
    { maxLength: 3 },
  ),
});
const list = fc.oneof(
  loose,
  fc.record(
    { metadata, items: fc.oneof(fc.constant(null), loose, fc.array(object, { maxLength: 4 })) },
    { requiredKeys: [] },
  ),
  nearlyValidList,
);
/** Through JSON and back: the guards only ever see what `JSON.parse` makes. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

describe('the hand-written envelope guards', () => {
  it('accept exactly the watch events the schema accepts', () => {
    const seen = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(event, (value) => {
        const json = asJson(value);
        const accepted = watchEnvelopeCheck.safeParse(json).success;
        seen[accepted ? 'accepted' : 'rejected']++;
        expect(isWatchEnvelope(json)).toBe(accepted);
      }),
      { numRuns: 5000 },
    );
    // Both answers were exercised, not only one.
    expect(seen.accepted).toBeGreaterThan(50);
    expect(seen.rejected).toBeGreaterThan(50);
  });

  it('accept exactly the lists the schema accepts', () => {
    const seen = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(list, (value) => {
        const json = asJson(value);
        const accepted = listEnvelopeCheck.safeParse(json).success;
        seen[accepted ? 'accepted' : 'rejected']++;
        expect(isListEnvelope(json)).toBe(accepted);
      }),
      { numRuns: 5000 },
    );
    // Both answers were exercised, not only one.
    expect(seen.accepted).toBeGreaterThan(50);
    expect(seen.rejected).toBeGreaterThan(50);
  });

  it('name the same first wrong field of a list as the schema, and nothing for a list', () => {
    const seen = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(list, (value) => {
        const json = asJson(value);
        const check = listEnvelopeCheck.safeParse(json);
        const issue = listEnvelopeIssue(json);
        if (check.success) {
          seen.accepted++;
          expect(issue).toBeUndefined();
          return;
        }
        seen.rejected++;
        const path = check.error.issues[0]?.path.map(String).join('.') ?? '';
        expect(issue).toBeDefined();
        expect(issue).toMatch(path === '' ? /^expected / : `${path}: expected `);
      }),
      { numRuns: 5000 },
    );
    expect(seen.accepted).toBeGreaterThan(50);
    expect(seen.rejected).toBeGreaterThan(50);
  });

  it('say what was expected where a list goes wrong, naming only types', () => {
    const page = { metadata: { resourceVersion: '5' }, items: [{ metadata: { name: 'a' } }] };
    expect(listEnvelopeIssue(page)).toBeUndefined();
    expect(listEnvelopeIssue([])).toBe('expected an object, received an array');
    expect(listEnvelopeIssue({ ...page, metadata: { resourceVersion: 5 } })).toBe(
      'metadata.resourceVersion: expected a string, received a number',
    );
    expect(
      listEnvelopeIssue({
        ...page,
        items: [page.items[0], { metadata: { name: 'b', uid: 'secret' } }, {}],
      }),
    ).toBe('items.2.metadata: expected an object, received nothing');
    expect(
      listEnvelopeIssue({ ...page, items: [{ metadata: { name: 'a', namespace: ['x'] } }] }),
    ).toBe('items.0.metadata.namespace: expected a string, received an array');
    // An item without a name, as a watch event's object without one, is refused.
    expect(listEnvelopeIssue({ ...page, items: [{ metadata: { uid: 'secret' } }] })).toBe(
      'items.0.metadata.name: expected a name, received nothing',
    );
    expect(listEnvelopeIssue({ ...page, items: [{ metadata: { name: '' } }] })).toBe(
      'items.0.metadata.name: expected a name, received an empty string',
    );
    expect(listEnvelopeIssue({ ...page, items: 'none' })).toBe(
      'items: expected an array or null, received a string',
    );
  });

  it('accept well-formed envelopes and reject a wrong type in each checked field', () => {
    const good = { type: 'ADDED', object: { metadata: { name: 'a', resourceVersion: '1' } } };
    expect(isWatchEnvelope(good)).toBe(true);
    expect(isWatchEnvelope({ ...good, type: 'added' })).toBe(false);
    expect(isWatchEnvelope({ ...good, object: [] })).toBe(false);
    expect(isWatchEnvelope({ ...good, object: { metadata: { name: 1 } } })).toBe(false);
    expect(isWatchEnvelope({ type: 'BOOKMARK', object: {} })).toBe(true);
    const page = { metadata: { resourceVersion: '5' }, items: [{ metadata: { name: 'a' } }] };
    expect(isListEnvelope(page)).toBe(true);
    expect(isListEnvelope({ ...page, items: null })).toBe(true);
    expect(isListEnvelope({ ...page, items: [{}] })).toBe(false);
    expect(isListEnvelope({ ...page, metadata: { resourceVersion: 5 } })).toBe(false);
    expect(isListEnvelope({ ...page, metadata: { resourceVersion: '5', continue: 1 } })).toBe(
      false,
    );
  });
});
