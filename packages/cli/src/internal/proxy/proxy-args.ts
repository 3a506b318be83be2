import { CliError } from '../cli-error.js';
import type { ConnectionArgs } from '../connection-args.js';
import { proxyDefaults } from './proxy-defaults.js';

/** `rxkube proxy`. */
export interface ProxyArgs extends ConnectionArgs {
  readonly command: 'proxy';
  readonly port: number;
  readonly address: string;
  readonly www?: string;
  readonly wwwPrefix: string;
  readonly apiPrefix: string;
  readonly allowOrigins: readonly string[];
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
} as const;

/** A prefix as kubectl proxy normalises it: with a leading and a trailing slash. */
function prefix(text: string, flag: string): string {
  if (text.includes('?') || text.includes('#')) {
    throw new CliError(`invalid value "${text}" for --${flag}: a path is expected`);
  }
  const leading = text.startsWith('/') ? text : `/${text}`;
  return leading.endsWith('/') ? leading : `${leading}/`;
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
  return {
    ...connection,
    command: 'proxy',
    port: port(text('port')),
    address: text('address') ?? proxyDefaults.address,
    wwwPrefix: prefix(text('www-prefix') ?? proxyDefaults.wwwPrefix, 'www-prefix'),
    apiPrefix: prefix(text('api-prefix') ?? proxyDefaults.apiPrefix, 'api-prefix'),
    allowOrigins: Array.isArray(origins) ? origins.map(String) : [],
    debug,
    ...(www === undefined ? {} : { www }),
  };
}
