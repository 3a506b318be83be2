import { isIP } from 'node:net';
import { CliError } from '../cli-error.js';
import type { ConnectionArgs } from '../connection-args.js';
import { type FlagValues, text, texts } from '../parse-flags.js';
import { canonicalPath } from './canonical-path.js';
import { proxyDefaults } from './proxy-defaults.js';
import type { RequestFilter } from './request-filter.js';

/** `rxkube proxy`. */
export interface ProxyArgs extends ConnectionArgs {
  readonly command: 'proxy';
  readonly port: number;
  readonly address: string;
  readonly www?: string;
  readonly wwwPrefix: string;
  readonly apiPrefix: string;
  readonly allowOrigins: readonly string[];
  /** `--accept-paths`, `--reject-paths`, `--accept-hosts`, `--reject-methods`. */
  readonly filter: RequestFilter;
  /** `--max-streams`, when given (else from the descriptor limit: `proxyCaps`). */
  readonly maxStreams?: number;
  /** `--max-streams-per-client`, when given. */
  readonly maxStreamsPerClient?: number;
  readonly debug: boolean;
}

/** The flags of `rxkube proxy` (besides the connection flags), for `parseArgs`. */
export const proxyFlagOptions = {
  port: { type: 'string', short: 'p' },
  address: { type: 'string' },
  www: { type: 'string' },
  'www-prefix': { type: 'string', short: 'P' },
  'api-prefix': { type: 'string' },
  'allow-origin': { type: 'string', multiple: true },
  'accept-paths': { type: 'string' },
  'reject-paths': { type: 'string' },
  'accept-hosts': { type: 'string' },
  'reject-methods': { type: 'string' },
  'max-streams': { type: 'string' },
  'max-streams-per-client': { type: 'string' },
} as const;

/** A prefix as kubectl proxy normalises it (with a leading and a trailing slash), and decoded. */
function prefix(text: string, flag: string): string {
  const leading = text.startsWith('/') ? text : `/${text}`;
  const canonical = canonicalPath(leading.endsWith('/') ? leading : `${leading}/`);
  if ('invalid' in canonical) {
    throw new CliError(`invalid value "${text}" for --${flag}: ${canonical.invalid}`);
  }
  return canonical.path;
}

function port(text: string | undefined): number {
  if (text === undefined) return proxyDefaults.port;
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new CliError(
      `invalid value "${text}" for --port: expected a port number (0: any free port)`,
    );
  }
  return value;
}

function count(text: string, flag: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isSafeInteger(value) || value < 1) {
    throw new CliError(`invalid value "${text}" for --${flag}: expected a positive integer`);
  }
  return value;
}

/**
 * kubectl proxy's reading of a filter flag: regular expressions separated by commas; an empty
 * value is no expression at all (`--reject-paths=` rejects nothing, `--accept-paths=` accepts
 * nothing).
 */
function regexps(text: string, flag: string): readonly RegExp[] {
  if (text === '') return [];
  return text.split(',').map((source) => {
    try {
      return new RegExp(source);
    } catch (error) {
      throw new CliError(
        `invalid value "${text}" for --${flag}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
}

/** An origin as a browser sends it: `scheme://host[:port]`, nothing more (`null` and `*` are not). */
function origin(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || url.origin === 'null' || url.origin !== text) {
    throw new CliError(
      `invalid value "${text}" for --allow-origin: expected an origin such as http://localhost:4200`,
    );
  }
  return text;
}

/** Whether an address reaches this machine only (loopback), not the network. */
export function isLoopback(address: string): boolean {
  if (address === 'localhost') return true;
  if (isIP(address) === 4) return address.startsWith('127.');
  const v6 = address.replace(/^\[|\]$/g, '').toLowerCase();
  return v6 === '::1' || v6 === '0:0:0:0:0:0:0:1' || v6.startsWith('::ffff:127.');
}

/** `rxkube proxy [flags]` from the parsed command line, its flags already checked. */
export function proxyArgs(
  values: Readonly<FlagValues>,
  rest: readonly string[],
  connection: ConnectionArgs,
  debug: boolean,
): ProxyArgs {
  if (rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}" for "rxkube proxy"`);
  const www = text(values.www);
  const address = text(values.address) ?? proxyDefaults.address;
  const acceptHosts = text(values['accept-hosts']);
  if (!isLoopback(address) && acceptHosts === undefined) {
    throw new CliError(
      `--address=${address} serves other machines with your credentials: name the hosts they use with --accept-hosts (e.g. --accept-hosts='^192\\.168\\.1\\.10$'), knowing that anyone who can reach the address can use the cluster as you`,
    );
  }
  const maxStreams = text(values['max-streams']);
  const maxStreamsPerClient = text(values['max-streams-per-client']);
  return {
    ...connection,
    command: 'proxy',
    port: port(text(values.port)),
    address,
    wwwPrefix: prefix(text(values['www-prefix']) ?? proxyDefaults.wwwPrefix, 'www-prefix'),
    apiPrefix: prefix(text(values['api-prefix']) ?? proxyDefaults.apiPrefix, 'api-prefix'),
    allowOrigins: texts(values['allow-origin']).map(origin),
    filter: {
      acceptPaths: regexps(
        text(values['accept-paths']) ?? proxyDefaults.acceptPaths,
        'accept-paths',
      ),
      rejectPaths: regexps(
        text(values['reject-paths']) ?? proxyDefaults.rejectPaths,
        'reject-paths',
      ),
      acceptHosts: regexps(acceptHosts ?? proxyDefaults.acceptHosts, 'accept-hosts'),
      rejectMethods: regexps(
        text(values['reject-methods']) ?? proxyDefaults.rejectMethods,
        'reject-methods',
      ),
    },
    debug,
    ...(www === undefined ? {} : { www }),
    ...(maxStreams === undefined ? {} : { maxStreams: count(maxStreams, 'max-streams') }),
    ...(maxStreamsPerClient === undefined
      ? {}
      : { maxStreamsPerClient: count(maxStreamsPerClient, 'max-streams-per-client') }),
  };
}
