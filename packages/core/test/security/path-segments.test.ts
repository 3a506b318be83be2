import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { InvalidPathSegmentError } from '../../src/errors/invalid-path-segment-error.js';
import { isKubeError } from '../../src/errors/kube-error.js';
import { list$ } from '../../src/list.js';
import { resourcePath } from '../../src/resource-ref.js';
import type { KubeRequest, Transport } from '../../src/transport.js';
import { watch$ } from '../../src/watch.js';

const pods = { version: 'v1', resource: 'pods' } as const;

/** A transport that records requests and refuses them: no request may reach it. */
function recordingTransport(): { transport: Transport; seen: KubeRequest[] } {
  const seen: KubeRequest[] = [];
  return {
    seen,
    transport: {
      request: (request) => {
        seen.push(request);
        return Promise.reject(new Error('sent'));
      },
    },
  };
}

describe('path segments of a request', () => {
  it.each([
    ['namespace', { ...pods, namespace: '..' }, undefined],
    ['namespace', { ...pods, namespace: '.' }, undefined],
    ['namespace', { ...pods, namespace: 'a/b' }, undefined],
    ['namespace', { ...pods, namespace: 'a%2Fb' }, undefined],
    ['name', pods, '..'],
    ['name', pods, '.'],
    ['name', pods, 'x/../../secrets'],
    ['name', pods, '%2e%2e'],
    ['resource', { version: 'v1', resource: '..' }, undefined],
    ['version', { version: '../v1', resource: 'pods' }, undefined],
    ['group', { group: 'apps/../..', version: 'v1', resource: 'pods' }, undefined],
  ] as const)('rejects a %s segment that would change the path (%j, %j)', (segment, ref, name) => {
    const error = (() => {
      try {
        resourcePath(ref, name);
        return undefined;
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidPathSegmentError);
    expect(isKubeError(error) && error.reason).toBe('InvalidPathSegment');
    expect((error as InvalidPathSegmentError).segment).toBe(segment);
    expect((error as InvalidPathSegmentError).retryable).toBe(false);
  });

  it('keeps ordinary names, with dots inside, as they are', () => {
    expect(resourcePath({ ...pods, namespace: 'team.a' }, 'web-1.v2')).toBe(
      '/api/v1/namespaces/team.a/pods/web-1.v2',
    );
    expect(resourcePath({ group: 'apps', version: 'v1', resource: 'deployments' })).toBe(
      '/apis/apps/v1/deployments',
    );
  });

  it("list$ with namespace '..' fails with InvalidPathSegmentError and sends nothing (not a cluster-wide LIST)", async () => {
    const { transport, seen } = recordingTransport();
    const error = await firstValueFrom(list$({ transport }, { ...pods, namespace: '..' })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InvalidPathSegmentError);
    expect(seen).toEqual([]);
  });

  it("watch$ with namespace '.' fails with InvalidPathSegmentError and sends nothing", async () => {
    const { transport, seen } = recordingTransport();
    const error = await firstValueFrom(
      watch$({ transport }, { ...pods, namespace: '.' }, { resourceVersion: '1' }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidPathSegmentError);
    expect(seen).toEqual([]);
  });
});
