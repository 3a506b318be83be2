import { describe, expect, it } from 'vitest';
import { FakeApiError } from '../src/fake-api-error.js';
import { builtinResources } from '../src/internal/kinds/builtin-resources.js';
import { Cluster } from '../src/internal/store/cluster.js';
import { numericVersions } from '../src/internal/store/versions.js';

describe("a cluster's stores", () => {
  it('a type no longer served (a CRD deleted while a request waited) is a 404, not a missing store', () => {
    const [pods] = builtinResources();
    if (pods === undefined) throw new Error('no built-in resources');
    const cluster = new Cluster(numericVersions(), 1000);
    cluster.register(pods);
    cluster.create(pods, 'default', { metadata: { name: 'p' } }, { http: false });
    expect(cluster.store(pods).objects.size).toBe(1);
    cluster.unregister(pods.id);
    let thrown: unknown;
    try {
      cluster.store(pods);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FakeApiError);
    expect((thrown as FakeApiError).code).toBe(404);
    expect((thrown as FakeApiError).reason).toBe('NotFound');
    // Served again, it starts empty, as a re-created CRD's resource does.
    cluster.register(pods);
    expect(cluster.store(pods).objects.size).toBe(0);
  });
});
