import { CliError } from '../cli-error.js';
import type { ConnectionArgs } from '../connection-args.js';
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

/** `rxkube proxy [flags]` from the parsed command line, its flags already checked. */
export function proxyArgs(
  values: Readonly<Record<string, unknown>>,
  rest: readonly string[],
  connection: ConnectionArgs,
  debug: boolean,
): ProxyArgs {
  if (rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}" for "rxkube proxy"`);
  const text = (name: string) =>
    typeof values[name] === 'string' ? (values[name] as string) : undefined;
  const origins = values['allow-origin'];
  const www = text('www');
  const maxStreams = text('max-streams');
  const maxStreamsPerClient = text('max-streams-per-client');
  return {
    ...connection,
    command: 'proxy',
    port: port(text('port')),
    address: text('address') ?? proxyDefaults.address,
    wwwPrefix: prefix(text('www-prefix') ?? proxyDefaults.wwwPrefix, 'www-prefix'),
    apiPrefix: prefix(text('api-prefix') ?? proxyDefaults.apiPrefix, 'api-prefix'),
    allowOrigins: Array.isArray(origins) ? origins.map(String) : [],
    filter: {
      acceptPaths: regexps(text('accept-paths') ?? proxyDefaults.acceptPaths, 'accept-paths'),
      rejectPaths: regexps(text('reject-paths') ?? proxyDefaults.rejectPaths, 'reject-paths'),
      acceptHosts: regexps(text('accept-hosts') ?? proxyDefaults.acceptHosts, 'accept-hosts'),
      rejectMethods: regexps(
        text('reject-methods') ?? proxyDefaults.rejectMethods,
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
