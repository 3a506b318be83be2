import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { resolveKubeConfig } from '../../src/connection/resolve-kube-config.js';
import type { KubeConfig } from '../../src/kubeconfig/kube-config.js';
import { isKubeConfigError } from '../../src/kubeconfig/kube-config-error.js';
import { mergeKubeConfigs } from '../../src/kubeconfig/merge-kube-configs.js';
import { parseKubeConfig } from '../../src/kubeconfig/parse-kube-config.js';
import { fuzzRuns } from './fuzz-runs.js';

/** A field of the expected shape, or any JSON value instead (every field may be of any type). */
const anyOr = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
const name = anyOr(fc.constantFrom('a', 'b', 'c'));
const text = anyOr(fc.string({ maxLength: 12 }));
const flag = anyOr(fc.boolean());
const extensions = anyOr(
  fc.array(
    fc.record({
      name: anyOr(fc.constantFrom('client.authentication.k8s.io/exec', 'x')),
      extension: fc.jsonValue({ maxDepth: 2 }),
    }),
    { maxLength: 2 },
  ),
);
const optional = { requiredKeys: [] as never[] };

const cluster = fc.record(
  {
    server: anyOr(
      fc.constantFrom(
        'https://k8s.example:6443',
        'k8s.example:443',
        'http://[::1]:8080',
        'ftp://x',
        '',
      ),
    ),
    'tls-server-name': text,
    'insecure-skip-tls-verify': flag,
    'certificate-authority-data': anyOr(fc.base64String({ maxLength: 16 })),
    'proxy-url': anyOr(fc.constantFrom('http://proxy:3128', 'socks5://p:1080', 'not a url')),
    'disable-compression': flag,
    extensions,
  },
  optional,
);
const exec = fc.record(
  {
    command: anyOr(fc.constantFrom('plugin', './bin/plugin', '/usr/bin/plugin')),
    apiVersion: anyOr(
      fc.constantFrom(
        'client.authentication.k8s.io/v1',
        'client.authentication.k8s.io/v1beta1',
        'v0',
      ),
    ),
    args: anyOr(fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 })),
    env: anyOr(fc.array(fc.record({ name: text, value: text }, optional), { maxLength: 2 })),
    interactiveMode: anyOr(fc.constantFrom('Never', 'IfAvailable', 'Always', 'Sometimes')),
    provideClusterInfo: flag,
    installHint: text,
  },
  optional,
);
const user = fc.record(
  {
    token: text,
    username: text,
    password: text,
    as: text,
    'as-uid': text,
    'as-groups': anyOr(fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 })),
    'as-user-extra': anyOr(
      fc.dictionary(
        fc.string({ maxLength: 4 }),
        anyOr(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 })),
        { maxKeys: 2 },
      ),
    ),
    'auth-provider': anyOr(
      fc.record({ name: text, config: fc.jsonValue({ maxDepth: 1 }) }, optional),
    ),
    exec: anyOr(exec),
    extensions,
  },
  optional,
);
const context = fc.record({ cluster: name, user: name, namespace: text, extensions }, optional);
const entries = <T>(key: string, inner: fc.Arbitrary<T>) =>
  anyOr(fc.array(anyOr(fc.record({ name, [key]: anyOr(inner) }, optional)), { maxLength: 3 }));

/** A kubeconfig document with random types in every field. */
const document = fc.record(
  {
    apiVersion: anyOr(fc.constant('v1')),
    kind: anyOr(fc.constant('Config')),
    'current-context': name,
    clusters: entries('cluster', cluster),
    users: entries('user', user),
    contexts: entries('context', context),
    preferences: fc.jsonValue({ maxDepth: 2 }),
    extensions,
  },
  optional,
);

/** Parses, or undefined when the text is refused with a KubeConfigError; anything else fails the test. */
function parsed(text: string): KubeConfig | undefined {
  try {
    return parseKubeConfig(text, { path: '/kube/config' });
  } catch (error) {
    if (!isKubeConfigError(error)) throw error;
    expect(error.message).not.toContain('SECRET');
    return undefined;
  }
}

/** Resolving a parsed config either works or fails with a KubeConfigError. */
function resolves(config: KubeConfig, contextName: string): void {
  try {
    resolveKubeConfig(config, { context: contextName, env: {}, stdinIsTerminal: false });
  } catch (error) {
    if (!isKubeConfigError(error)) throw error;
  }
}

describe('kubeconfig parsing, merging and resolving under random input (fuzz)', () => {
  it('random types in every field: a KubeConfigError or a config that merges, resolves and prints', () => {
    fc.assert(
      fc.property(document, document, fc.constantFrom('a', 'b', 'c'), (first, second, pick) => {
        const one = parsed(stringify(first));
        const two = parsed(JSON.stringify(second));
        const configs = [one, two].filter((config): config is KubeConfig => config !== undefined);
        const merged = mergeKubeConfigs(configs);
        for (const config of [...configs, merged]) {
          expect(typeof inspect(config, { depth: 10 })).toBe('string');
          expect(typeof JSON.stringify(config)).toBe('string');
          resolves(config, pick);
        }
      }),
      { numRuns: fuzzRuns(60) },
    );
  });

  it('random text: a KubeConfigError that quotes nothing of it, or a config', () => {
    const yamlish = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.jsonValue({ maxDepth: 3 }).map((value) => stringify(value)),
      fc
        .array(
          fc.constantFrom(
            'clusters:',
            '- name: a',
            '  cluster:',
            '    server: SECRET',
            'users: [',
            '&a',
            '*a',
            '? x',
            '!!binary',
            '{',
            ': :',
            '\t',
          ),
          { maxLength: 8 },
        )
        .map((lines) => lines.join('\n')),
    );
    fc.assert(
      fc.property(yamlish, (text) => {
        const config = parsed(text);
        if (config !== undefined) mergeKubeConfigs([config, config]);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
