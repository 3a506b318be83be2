import { inspect } from 'node:util';
import { describeConnection } from './describe-connection.js';
import type { ResolvedConnection } from './resolved-connection.js';

/** Freezes a connection and makes it print (`JSON.stringify`, `util.inspect`) as its description. */
export function sealConnection(connection: ResolvedConnection): ResolvedConnection {
  const describe = () => describeConnection(connection);
  Object.defineProperty(connection, 'toJSON', { value: describe, enumerable: false });
  Object.defineProperty(connection, inspect.custom, { value: describe, enumerable: false });
  return Object.freeze(connection);
}
