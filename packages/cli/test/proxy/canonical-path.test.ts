import { describe, expect, it } from 'vitest';
import { canonicalPath, encodePath } from '../../src/internal/proxy/canonical-path.js';

describe('canonicalPath', () => {
  it.each([
    ['/api/v1/pods', '/api/v1/pods'],
    ['/', '/'],
    ['/api/v1/namespaces/x/pods/p/%65xec', '/api/v1/namespaces/x/pods/p/exec'],
    ['/api/v1/namespaces/x/pods/p%2Fexec', '/api/v1/namespaces/x/pods/p/exec'],
    ['/apis/../api/v1/pods', '/api/v1/pods'],
    ['/apis/%2e%2E/api/v1/pods', '/api/v1/pods'],
    ['/api/./v1//pods', '/api/v1/pods'],
    ['//api/v1/pods', '/api/v1/pods'],
    ['/a/b/', '/a/b/'],
    ['/a/b/..', '/a/'],
    ['/a/b/.', '/a/b/'],
    ['/a/..', '/'],
    ['/a/%25/b', '/a/%/b'],
    ['/a/%3F', '/a/?'],
    ['/a/%C3%A9', '/a/é'],
    ['/a/é b', '/a/é b'],
  ])('reads %j as %j', (raw, path) => {
    expect(canonicalPath(raw)).toEqual({ path });
  });

  it.each([
    ['api/v1/pods', 'the path is not absolute'],
    ['/..', 'the path climbs above the root'],
    ['/a/../../b', 'the path climbs above the root'],
    ['/a/%2e%2e/%2e%2e/b', 'the path climbs above the root'],
    ['/a\\b', 'the path holds a control character, a backslash, "?" or "#"'],
    ['/a\tb', 'the path holds a control character, a backslash, "?" or "#"'],
    ['/a\u007fb', 'the path holds a control character, a backslash, "?" or "#"'],
    ['/a?b', 'the path holds a control character, a backslash, "?" or "#"'],
    ['/a#b', 'the path holds a control character, a backslash, "?" or "#"'],
    ['/a/%zz', 'the path holds a malformed escape, or one that is not UTF-8'],
    ['/a/%', 'the path holds a malformed escape, or one that is not UTF-8'],
    ['/a/%ff', 'the path holds a malformed escape, or one that is not UTF-8'],
    ['/a/%5C', 'the path holds an escaped control character or backslash'],
    ['/a/%00', 'the path holds an escaped control character or backslash'],
    ['/a/%09b', 'the path holds an escaped control character or backslash'],
  ])('refuses %j: %s', (raw, invalid) => {
    expect(canonicalPath(raw)).toEqual({ invalid });
  });

  it('encodes what it reads back to a path that reads the same, segment by segment', () => {
    const paths = [
      '/api/v1/pods',
      '/a/%/b',
      '/a/?#',
      '/a/é b/',
      '/svc/https:web:443/proxy/x=1;y@z',
    ];
    for (const path of paths) {
      const encoded = encodePath(path);
      expect(encoded).not.toMatch(/[?# ]/);
      expect(canonicalPath(encoded)).toEqual({ path });
    }
    expect(encodePath('/svc/https:web:443/proxy/a b')).toBe('/svc/https:web:443/proxy/a%20b');
  });
});
