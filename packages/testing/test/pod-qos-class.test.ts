import { describe, expect, it } from 'vitest';
import { podQosClass } from '../src/internal/kinds/pod-qos-class.js';
import { quantityValue } from '../src/internal/kinds/quantity-value.js';

const container = (resources: unknown) => ({ name: 'c', image: 'i', resources });

describe('podQosClass (as kube-apiserver 1.20 sets status.qosClass on create)', () => {
  it('is BestEffort without cpu or memory requests or limits (other resources do not count)', () => {
    expect(podQosClass({ containers: [container({})] })).toBe('BestEffort');
    expect(podQosClass({ containers: [container({ limits: { 'nvidia.com/gpu': '1' } })] })).toBe(
      'BestEffort',
    );
    expect(podQosClass({ containers: [container({ requests: { cpu: '0' } })] })).toBe('BestEffort');
  });

  it('is Guaranteed when every container limits cpu and memory and requests equal limits', () => {
    const both = { cpu: '500m', memory: '128Mi' };
    expect(podQosClass({ containers: [container({ limits: both, requests: both })] })).toBe(
      'Guaranteed',
    );
    // Requests default to limits.
    expect(podQosClass({ containers: [container({ limits: both })] })).toBe('Guaranteed');
    // 0.5 cpu is 500m; 134217728 bytes are 128Mi.
    expect(
      podQosClass({
        containers: [container({ limits: both, requests: { cpu: '0.5', memory: '134217728' } })],
      }),
    ).toBe('Guaranteed');
  });

  it('is Burstable when one container of two has limits (as captured from the real server)', () => {
    const limited = container({ limits: { cpu: '500m', memory: '128Mi' } });
    expect(podQosClass({ containers: [limited, container({})] })).toBe('Burstable');
    expect(
      podQosClass({
        containers: [container({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m' } })],
      }),
    ).toBe('Burstable');
    expect(
      podQosClass({
        containers: [container({ limits: { cpu: '1', memory: '1Gi' } })],
        initContainers: [container({ requests: { cpu: '1' } })],
      }),
    ).toBe('Burstable');
  });
});

describe('quantityValue', () => {
  it('reads decimal and binary suffixes, exponents and plain numbers', () => {
    expect(quantityValue('500m')).toBeCloseTo(0.5);
    expect(quantityValue('128Mi')).toBe(134217728);
    expect(quantityValue('1k')).toBe(1000);
    expect(quantityValue('1e3')).toBe(1000);
    expect(quantityValue('.5')).toBe(0.5);
    expect(quantityValue(2)).toBe(2);
  });

  it('is undefined for what is not a quantity', () => {
    expect(quantityValue('12Q')).toBeUndefined();
    expect(quantityValue('')).toBeUndefined();
    expect(quantityValue({})).toBeUndefined();
  });
});
