import { describe, expect, it } from 'vitest';
import { realisticPod } from '../src/realistic-pod.js';

describe('realisticPod', () => {
  it('serializes to about 2.65 KB of JSON once the server adds its metadata', () => {
    const sizes = Array.from({ length: 200 }, (_, i) => {
      const pod = realisticPod(i * 37);
      pod.metadata.uid = '0b9c2f4e-5a1d-4c8e-9f3a-7d6e5c4b3a21';
      pod.metadata.resourceVersion = '1234567';
      pod.metadata.creationTimestamp = '2025-01-01T10:00:00Z';
      return JSON.stringify(pod).length;
    });
    const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    expect(mean).toBeGreaterThan(2550);
    expect(mean).toBeLessThan(2750);
  });

  it('carries managedFields, containers and status, and differs from pod to pod', () => {
    const a = realisticPod(1);
    const b = realisticPod(2);
    expect(a.metadata.managedFields).toHaveLength(2);
    expect((a.spec as { containers: unknown[] }).containers).toHaveLength(1);
    expect((a.status as { phase: string }).phase).toBe('Running');
    expect(a.metadata.name).not.toBe(b.metadata.name);
    expect(realisticPod(1)).toEqual(a);
  });
});
