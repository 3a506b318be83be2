import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/internal/cli-args.js';

/** kubectl proxy's filter defaults (k8s.io/kubectl/pkg/proxy: DefaultPathAcceptRE and the rest). */
const kubectlFilter = {
  acceptPaths: [/^.*/],
  rejectPaths: [/^\/api\/.*\/pods\/.*\/exec/, /^\/api\/.*\/pods\/.*\/attach/],
  acceptHosts: [/^localhost$/, /^127\.0\.0\.1$/, /^\[::1\]$/],
  rejectMethods: [/^$/],
};

describe('rxkube proxy flags', () => {
  it("takes kubectl proxy's defaults", () => {
    expect(parseCliArgs(['proxy'])).toEqual({
      command: 'proxy',
      port: 8001,
      address: '127.0.0.1',
      wwwPrefix: '/static/',
      apiPrefix: '/',
      allowOrigins: [],
      filter: kubectlFilter,
      debug: false,
    });
  });

  it("reads the filter flags as kubectl proxy does: comma-separated expressions, '' for none", () => {
    const args = parseCliArgs([
      'proxy',
      '--accept-paths=^/api/v1/namespaces/dev/,^/version$',
      '--reject-paths=',
      '--reject-methods=POST,PUT,PATCH,DELETE',
      '--accept-hosts=^proxy\\.test$',
    ]);
    expect(args).toMatchObject({
      filter: {
        acceptPaths: [/^\/api\/v1\/namespaces\/dev\//, /^\/version$/],
        rejectPaths: [],
        rejectMethods: [/POST/, /PUT/, /PATCH/, /DELETE/],
        acceptHosts: [/^proxy\.test$/],
      },
    });
    expect(() => parseCliArgs(['proxy', '--reject-paths=^/api/(exec'])).toThrow(
      'invalid value "^/api/(exec" for --reject-paths',
    );
  });

  it('reads the caps of streams, which are positive integers', () => {
    expect(
      parseCliArgs(['proxy', '--max-streams=100', '--max-streams-per-client=10']),
    ).toMatchObject({ maxStreams: 100, maxStreamsPerClient: 10 });
    expect(() => parseCliArgs(['proxy', '--max-streams=0'])).toThrow(
      'invalid value "0" for --max-streams: expected a positive integer',
    );
  });

  it('requires --accept-hosts to serve on an address other machines reach', () => {
    for (const address of ['0.0.0.0', '::', '192.168.1.10']) {
      expect(() => parseCliArgs(['proxy', `--address=${address}`])).toThrow(
        `--address=${address} serves other machines with your credentials: name the hosts they use with --accept-hosts`,
      );
    }
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) {
      expect(parseCliArgs(['proxy', `--address=${address}`])).toMatchObject({ address });
    }
    expect(
      parseCliArgs(['proxy', '--address=0.0.0.0', '--accept-hosts=^192\\.168\\.1\\.10$']),
    ).toMatchObject({ address: '0.0.0.0', filter: { acceptHosts: [/^192\.168\.1\.10$/] } });
  });

  it('takes origins only as a browser sends them (never null or *)', () => {
    for (const value of ['null', '*', 'http://app.test/', 'app.test', 'http://app.test/path']) {
      expect(() => parseCliArgs(['proxy', `--allow-origin=${value}`])).toThrow(
        `invalid value "${value}" for --allow-origin`,
      );
    }
  });

  it('reads every flag, normalising prefixes to a leading and trailing slash', () => {
    expect(
      parseCliArgs([
        'proxy',
        '-p',
        '0',
        '--address=0.0.0.0',
        '--accept-hosts=^dev\\.lan$',
        '--www=./dist',
        '-P',
        'ui',
        '--api-prefix=/k8s',
        '--allow-origin=http://a.test',
        '--allow-origin=http://b.test',
        '--context=dev',
        '--token=t',
      ]),
    ).toEqual({
      command: 'proxy',
      port: 0,
      address: '0.0.0.0',
      www: './dist',
      wwwPrefix: '/ui/',
      apiPrefix: '/k8s/',
      allowOrigins: ['http://a.test', 'http://b.test'],
      filter: { ...kubectlFilter, acceptHosts: [/^dev\.lan$/] },
      context: 'dev',
      token: 't',
      debug: false,
    });
  });

  it('refuses a port that is not one, flags of other commands, and its flags elsewhere', () => {
    expect(() => parseCliArgs(['proxy', '--port=80a'])).toThrow('invalid value "80a" for --port');
    expect(() => parseCliArgs(['proxy', '--port=70000'])).toThrow(
      'invalid value "70000" for --port',
    );
    expect(() => parseCliArgs(['proxy', '-w'])).toThrow("unknown shorthand flag: 'w' in -w");
    expect(() => parseCliArgs(['proxy', 'extra'])).toThrow('unexpected argument "extra"');
    expect(() => parseCliArgs(['get', 'pods', '--port=1'])).toThrow('unknown flag: --port');
    expect(() => parseCliArgs(['demo', '--allow-origin=x'])).toThrow(
      'unknown flag: --allow-origin',
    );
  });
});
