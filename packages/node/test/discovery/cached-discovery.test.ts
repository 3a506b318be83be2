import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiResource } from '@rxkube/core/discovery';
import { describe, expect, it } from 'vitest';
import {
  cachedDiscovery,
  type DiscoveryScope,
  discoveryCacheDefaults,
  discoveryCachePath,
} from '../../src/index.js';
import { useTempDir } from '../kubeconfig/temp-dir.js';

const resource = (name: string, group: string): ApiResource => ({
  group,
  version: 'v1',
  name,
  singularName: name.slice(0, -1),
  kind: name,
  namespaced: true,
  shortNames: [],
  verbs: ['list'],
  preferred: true,
});

const served = [resource('pods', ''), resource('deployments', 'apps')];

/** A server discovery that counts its calls and answers with `resources`. */
function server(resources: ApiResource[] = served) {
  const calls: DiscoveryScope[] = [];
  return {
    calls,
    discover: async (scope: DiscoveryScope) => {
      calls.push(scope);
      return resources;
    },
  };
}

describe('cachedDiscovery', () => {
  const temp = useTempDir();

  it('reads the whole API once, keeps it in a file only its owner can read, and answers from it', async () => {
    const path = join(temp.path(), 'discovery', 'cache.json');
    const first = server();
    const cache = cachedDiscovery({ path, discover: first.discover, now: () => 1_000 });
    expect(await cache.discover('core')).toEqual([served[0]]);
    expect(first.calls).toEqual(['all']);
    expect(cache.usedCache).toBe(false);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ savedAt: 1_000 });

    const second = server([]);
    const again = cachedDiscovery({ path, discover: second.discover, now: () => 2_000 });
    expect(await again.discover('all')).toEqual(served);
    expect(second.calls).toEqual([]);
    expect(again.usedCache).toBe(true);
  });

  it('reads the server again once the file is older than ttlMs (10 minutes by default)', async () => {
    const path = join(temp.path(), 'cache.json');
    await cachedDiscovery({ path, discover: server().discover, now: () => 0 }).discover('all');
    const fresh = server([served[0] ?? resource('pods', '')]);
    const justFresh = cachedDiscovery({
      path,
      discover: fresh.discover,
      now: () => discoveryCacheDefaults.ttlMs - 1,
    });
    expect(await justFresh.discover('all')).toEqual(served);
    const stale = cachedDiscovery({
      path,
      discover: fresh.discover,
      now: () => discoveryCacheDefaults.ttlMs,
    });
    expect(await stale.discover('all')).toEqual([served[0]]);
    expect(fresh.calls).toEqual(['all']);
    expect(stale.usedCache).toBe(false);
  });

  it('fresh() skips a fresh file and rewrites it', async () => {
    const path = join(temp.path(), 'cache.json');
    await cachedDiscovery({ path, discover: server().discover }).discover('all');
    const later = server([resource('widgets', 'example.com')]);
    const cache = cachedDiscovery({ path, discover: later.discover });
    expect((await cache.fresh('all')).map((r) => r.name)).toEqual(['widgets']);
    expect(later.calls).toEqual(['all']);
    const next = cachedDiscovery({ path, discover: server([]).discover });
    expect((await next.discover('all')).map((r) => r.name)).toEqual(['widgets']);
  });

  it('treats an unreadable file as no cache, and an unwritable folder as no reason to fail', async () => {
    const path = join(temp.path(), 'cache.json');
    writeFileSync(path, '{ not json');
    const broken = server();
    expect(await cachedDiscovery({ path, discover: broken.discover }).discover('all')).toEqual(
      served,
    );
    expect(broken.calls).toEqual(['all']);

    // A file where the folder should be: no folder can be made there, whoever runs the test.
    const blocked = temp.write('blocked', '');
    const unwritable = server();
    const cache = cachedDiscovery({
      path: join(blocked, 'cache.json'),
      discover: unwritable.discover,
    });
    expect(await cache.discover('all')).toEqual(served);
    expect(await cache.discover('all')).toEqual(served);
    expect(unwritable.calls).toEqual(['all', 'all']);
  });
});

describe('discoveryCachePath', () => {
  it('keeps one file per connection under $XDG_CACHE_HOME, else ~/.cache', () => {
    const a = discoveryCachePath({ XDG_CACHE_HOME: '/x' }, 'https://a:6443');
    const b = discoveryCachePath({ XDG_CACHE_HOME: '/x' }, 'https://b:6443');
    expect(a).toMatch(/^\/x\/rxkube\/discovery\/[0-9a-f]{32}\.json$/);
    expect(a).not.toBe(b);
    expect(discoveryCachePath({ XDG_CACHE_HOME: '/x' }, 'https://a:6443')).toBe(a);
    expect(discoveryCachePath({ HOME: '/home/u' }, 'k')).toMatch(
      /^\/home\/u\/\.cache\/rxkube\/discovery\//,
    );
  });
});
