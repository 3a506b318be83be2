import { FakeApiServer } from '@rxkube/testing';
import { lastValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetchClient } from '../../src/fetch/create-fetch-client.js';
import { parseWarningHeaders } from '../../src/internal/parse-warning-headers.js';
import type { KubeWarning } from '../../src/kube-warning.js';
import { list$ } from '../../src/list.js';
import { reportWarnings } from '../../src/report-warnings.js';
import type { KubeResponse } from '../../src/transport.js';

describe('parseWarningHeaders', () => {
  it.each([
    ['299 - "a is deprecated"', [{ code: 299, agent: '-', text: 'a is deprecated' }]],
    // several warnings in one value, as Headers.get and undici join repeated headers
    [
      '299 - "a, b", 299 kube-apiserver "c \\"d\\" \\\\e"',
      [
        { code: 299, agent: '-', text: 'a, b' },
        { code: 299, agent: 'kube-apiserver', text: 'c "d" \\e' },
      ],
    ],
    // an optional date after the text
    [
      '199 - "soon" "Wed, 21 Oct 2015 07:28:00 GMT", 299 - "x"',
      [
        { code: 199, agent: '-', text: 'soon' },
        { code: 299, agent: '-', text: 'x' },
      ],
    ],
    // a malformed warning ends the value: what came before is kept
    [
      '299 - "ok", 399 - "code out of range", 299 - "after"',
      [{ code: 299, agent: '-', text: 'ok' }],
    ],
    ['299 - "unterminated', []],
    ['299 -', []],
    ['299 - "ok" junk', []],
    ['299 - "bell \u0007"', []],
    ['', []],
  ] as const)('%j → %j', (value, warnings) => {
    expect(parseWarningHeaders(value)).toEqual(warnings);
  });
});

describe('reportWarnings', () => {
  const response = (warning: string | undefined) =>
    ({ header: (name: string) => (name === 'warning' ? warning : undefined) }) as KubeResponse;

  it('tells the handler each warning with the request it answered, and ignores what it throws', () => {
    const seen: unknown[] = [];
    reportWarnings(response('299 - "a", 299 - "b"'), { method: 'PUT', path: '/p' }, (w, r) => {
      seen.push([w.text, r]);
      throw new Error('a faulty hook');
    });
    expect(seen).toEqual([
      ['a', { method: 'PUT', path: '/p' }],
      ['b', { method: 'PUT', path: '/p' }],
    ]);
  });

  it('does nothing without a handler or a header', () => {
    expect(() => reportWarnings(response('299 - "a"'), { path: '/p' }, undefined)).not.toThrow();
    const seen: KubeWarning[] = [];
    reportWarnings(response(undefined), { path: '/p' }, (w) => seen.push(w));
    expect(seen).toEqual([]);
  });
});

describe('a fetch client with onWarning, against a deprecated version', () => {
  let server: FakeApiServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('is told of the Warning header of every answer about it', async () => {
    server = await FakeApiServer.start({ kubernetesVersion: '1.34' });
    server.registerResource({
      group: 'example.com',
      version: 'v1beta1',
      resource: 'widgets',
      kind: 'Widget',
      deprecated: true,
    });
    server.create(
      { group: 'example.com', version: 'v1beta1', resource: 'widgets' },
      {
        metadata: { name: 'w', namespace: 'ns' },
      },
    );
    const seen: { warning: KubeWarning; path: string }[] = [];
    const client = createFetchClient({
      baseUrl: server.url,
      onWarning: (warning, request) => seen.push({ warning, path: request.path }),
    });
    const listed = await lastValueFrom(
      list$(client, {
        group: 'example.com',
        version: 'v1beta1',
        resource: 'widgets',
        namespace: 'ns',
      }),
    );
    expect(listed.items).toHaveLength(1);
    expect(seen).toEqual([
      {
        warning: { code: 299, agent: '-', text: 'example.com/v1beta1 Widget is deprecated' },
        path: '/apis/example.com/v1beta1/namespaces/ns/widgets',
      },
    ]);
    // the answers about other versions carry none
    await lastValueFrom(list$(client, { version: 'v1', resource: 'pods', namespace: 'ns' }));
    expect(seen).toHaveLength(1);
  });
});
