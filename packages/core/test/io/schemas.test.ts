import { describe, expect, it } from 'vitest';
import { kubeObjectSchema, objectMetaSchema } from '../../src/index.js';
import {
  kubeStatusSchema,
  listEnvelopeSchema,
  watchEventEnvelopeSchema,
} from '../../src/transport/index.js';

describe('envelope schemas', () => {
  it('keep unknown metadata fields', () => {
    const meta = { name: 'a', labels: { app: 'web' }, futureField: { x: 1 } };
    expect(objectMetaSchema.parse(meta)).toEqual(meta);
  });

  it('keep the fields of the object beyond the envelope', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'a' },
      spec: { nodeName: 'n1' },
    };
    expect(kubeObjectSchema.parse(pod)).toEqual(pod);
  });

  it('reject metadata whose known fields have the wrong type', () => {
    expect(objectMetaSchema.safeParse({ name: 42 }).success).toBe(false);
  });

  it('accept the watch lines the API server sends, bookmarks with null creationTimestamp included', () => {
    const bookmark = {
      type: 'BOOKMARK',
      object: {
        kind: 'ConfigMap',
        apiVersion: 'v1',
        metadata: { resourceVersion: '402', creationTimestamp: null },
      },
    };
    const error = {
      type: 'ERROR',
      object: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'too old resource version: 1 (95)',
        reason: 'Expired',
        code: 410,
      },
    };
    expect(watchEventEnvelopeSchema.parse(bookmark)).toEqual(bookmark);
    expect(watchEventEnvelopeSchema.parse(error)).toEqual(error);
    expect(kubeStatusSchema.parse(error.object)).toEqual(error.object);
  });

  it('reject a watch line of an unknown type', () => {
    expect(
      watchEventEnvelopeSchema.safeParse({ type: 'SYNC', object: { metadata: {} } }).success,
    ).toBe(false);
  });

  it('require metadata.resourceVersion of a list and accept null items', () => {
    expect(listEnvelopeSchema.safeParse({ metadata: {}, items: [] }).success).toBe(false);
    expect(
      listEnvelopeSchema.parse({ metadata: { resourceVersion: '5' }, items: null }).items,
    ).toBeNull();
    const page = {
      kind: 'PodList',
      metadata: { resourceVersion: '5', continue: 'c', remainingItemCount: 3 },
      items: [{ metadata: { name: 'a' }, spec: {} }],
    };
    expect(listEnvelopeSchema.parse(page)).toEqual(page);
  });
});
