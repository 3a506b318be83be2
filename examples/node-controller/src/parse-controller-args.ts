import { parseExampleArgs } from '@rxkube/example-shared';
import type { ControllerArgs } from './controller-args.js';

const MS_PER_SECOND = 1000;

/**
 * Parses the command line: the options every example shares (`parseExampleArgs`), plus `--act`,
 * `--shards`, `--replicas`, `--crash-leader-after`, `--lease-namespace` and `--metrics-port`.
 *
 * @example
 * ```ts
 * import { parseControllerArgs } from './parse-controller-args.js';
 * parseControllerArgs(['--real', '-n', 'shop'], {}); // { mode: 'real', namespace: 'shop', act: false, … }
 * ```
 */
export function parseControllerArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ControllerArgs {
  const { extra, ...args } = parseExampleArgs(argv, env, {
    extra: {
      act: 'boolean',
      shards: 'boolean',
      'metrics-port': 'string',
      replicas: 'string',
      'crash-leader-after': 'string',
      'lease-namespace': 'string',
    },
  });
  const given = (name: string) => {
    const value = extra[name];
    return typeof value === 'string' ? value : undefined;
  };
  const replicasText = given('replicas');
  const replicas = replicasText === undefined ? undefined : Number(replicasText);
  if (replicas !== undefined && !(Number.isInteger(replicas) && replicas >= 1)) {
    throw new Error(`--replicas must be a whole number of at least 1, not ${replicasText}`);
  }
  const crash = given('crash-leader-after');
  const crashSeconds = crash === undefined ? undefined : Number(crash);
  if (crashSeconds !== undefined && !(crashSeconds >= 0)) {
    throw new Error(`--crash-leader-after must be a number of seconds (0: never), not ${crash}`);
  }
  const leaseNamespace = given('lease-namespace');
  const portText = given('metrics-port');
  const metricsPort = portText === undefined ? undefined : Number(portText);
  if (
    metricsPort !== undefined &&
    !(Number.isInteger(metricsPort) && metricsPort >= 0 && metricsPort < 65_536)
  ) {
    throw new Error(`--metrics-port must be a port number (0: any free one), not ${portText}`);
  }
  return {
    ...args,
    ...(extra.shards === true ? { shards: true } : {}),
    ...(metricsPort === undefined ? {} : { metricsPort }),
    ...(replicas === undefined ? {} : { replicas }),
    ...(crashSeconds === undefined ? {} : { crashLeaderAfterMs: crashSeconds * MS_PER_SECOND }),
    ...(leaseNamespace === undefined ? {} : { leaseNamespace }),
    act: args.mode === 'embedded' || extra.act === true,
  };
}
