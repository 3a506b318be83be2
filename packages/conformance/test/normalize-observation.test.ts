import { describe, expect, it } from 'vitest';
import { normalizeObservation } from '../src/normalize-observation.js';

describe('normalizeObservation', () => {
  it('replaces versions (any field so named), uids, timestamps and continue tokens at any depth, keeping everything else', () => {
    const list = {
      kind: 'ConfigMapList',
      metadata: {
        resourceVersion: '95',
        continue: 'eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ',
        remainingItemCount: 1,
      },
      items: [
        {
          metadata: {
            name: 'a',
            uid: '3826ec43-70ba-43e3-9400-398a833734d0',
            resourceVersion: '94',
            creationTimestamp: '2026-12-02T13:16:14Z',
            managedFields: [{ manager: 'curl', time: '2026-12-02T13:16:14Z' }],
          },
          data: { resourceVersion: '3' },
        },
      ],
    };
    expect(normalizeObservation(list)).toEqual({
      kind: 'ConfigMapList',
      metadata: { resourceVersion: '<rv>', continue: '<continue>', remainingItemCount: 1 },
      items: [
        {
          metadata: {
            name: 'a',
            uid: '<uid>',
            resourceVersion: '<rv>',
            creationTimestamp: '<time>',
            managedFields: [{ manager: 'curl', time: '<time>' }],
          },
          data: { resourceVersion: '<rv>' },
        },
      ],
    });
  });

  it('keeps a null creationTimestamp (bookmarks carry one) and an empty continue', () => {
    expect(
      normalizeObservation({
        metadata: { resourceVersion: '7', creationTimestamp: null, continue: '' },
      }),
    ).toEqual({ metadata: { resourceVersion: '<rv>', creationTimestamp: null, continue: '' } });
  });

  it('replaces numbers and quoted tokens in messages only', () => {
    expect(
      normalizeObservation({
        message: 'too old resource version: 1 (95)',
        code: 410,
        reason: 'Expired',
        other: 'version 12',
      }),
    ).toEqual({
      message: 'too old resource version: <n> (<n>)',
      code: 410,
      reason: 'Expired',
      other: 'version 12',
    });
    expect(
      normalizeObservation({
        message: 'token eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6NzgsInN0YXJ0IjoiYzEifQ is bad',
      }),
    ).toEqual({ message: 'token <token> is bad' });
  });
});
