import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/internal/cli-args.js';

describe('rxkube proxy flags', () => {
  it("takes kubectl proxy's defaults", () => {
    expect(parseCliArgs(['proxy'])).toEqual({
      command: 'proxy',
      port: 8001,
      address: '127.0.0.1',
      wwwPrefix: '/static/',
      apiPrefix: '/',
      allowOrigins: [],
      debug: false,
    });
  });

  it('reads every flag, normalising prefixes to a leading and trailing slash', () => {
    expect(
      parseCliArgs([
        'proxy',
        '-p',
        '0',
        '--address=0.0.0.0',
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
