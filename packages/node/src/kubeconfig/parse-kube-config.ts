import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, sep } from 'node:path';
import { NOT_SIMPLE, readSimpleYaml } from '../internal/kubeconfig/read-simple-yaml.js';
import { protectKubeConfig } from './internal/protect-kube-config.js';
import type {
  ExecConfig,
  KubeConfig,
  KubeConfigCluster,
  KubeConfigContext,
  KubeConfigUser,
  NamedCluster,
  NamedUser,
} from './kube-config.js';
import { KubeConfigError } from './kube-config-error.js';

/**
 * Options of {@link parseKubeConfig}.
 *
 * @example
 * ```ts
 * import type { ParseKubeConfigOptions } from '@rxkube/node';
 * const options: ParseKubeConfigOptions = { path: '/etc/kube/config' };
 * ```
 */
export interface ParseKubeConfigOptions {
  /**
   * The file the text came from: named in errors, and relative paths inside the config
   * (certificate, key, token file, CA, an exec command with a slash) are resolved against its
   * folder, as kubectl does. Without it, relative paths are left as they are.
   */
  readonly path?: string;
}

/**
 * Parses and checks the text of one kubeconfig file (YAML or JSON). An empty file is an empty
 * config. Wrong shapes and duplicate names throw a {@link KubeConfigError} `Invalid` that names
 * the field, never its value. The result is frozen and prints redacted.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { parseKubeConfig } from '@rxkube/node';
 * const path = '/home/me/.kube/config';
 * const config = parseKubeConfig(readFileSync(path, 'utf8'), { path });
 * console.log(config['current-context']);
 * ```
 */
export function parseKubeConfig(text: string, options: ParseKubeConfigOptions = {}): KubeConfig {
  const where = options.path ?? 'kubeconfig';
  let document: unknown;
  try {
    // kubectl's own block YAML is read without loading the YAML library (a start-up cost of
    // every command); any other text goes to the library, with the same result.
    const simple = readSimpleYaml(text);
    document = dropNulls(simple === NOT_SIMPLE ? yamlLibrary().parse(text) : simple);
  } catch (error) {
    // The parser's message quotes the offending line, which may hold a secret: position only.
    const position =
      error instanceof yamlLibrary().YAMLParseError && error.linePos
        ? ` (line ${error.linePos[0].line}, column ${error.linePos[0].col})`
        : '';
    throw new KubeConfigError(
      'Invalid',
      `${where}: not valid YAML${position}`,
      pathOption(options),
    );
  }
  const checker = new Checker(where, options);
  const config = checker.config(document);
  return protectKubeConfig(
    options.path === undefined ? config : resolvePaths(config, dirname(options.path)),
  );
}

let loadedYaml: typeof import('yaml') | undefined;

/** The YAML library, loaded at its first use only. */
function yamlLibrary(): typeof import('yaml') {
  loadedYaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return loadedYaml;
}

function pathOption(options: ParseKubeConfigOptions): { path?: string } {
  return options.path === undefined ? {} : { path: options.path };
}

type Json = Record<string, unknown>;

/** Shape checks that name the field at fault and never its value. */
class Checker {
  constructor(
    private readonly where: string,
    private readonly options: ParseKubeConfigOptions,
  ) {}

  config(document: unknown): KubeConfig {
    if (document === null || document === undefined) return {};
    const root = this.object(document, 'the document');
    for (const key of ['apiVersion', 'kind', 'current-context']) this.optionalString(root, key, '');
    this.extensions(root, 'the document');
    if (root.preferences !== undefined) this.object(root.preferences, 'preferences');
    return {
      ...root,
      ...this.named(root, 'clusters', 'cluster', (value, at) => this.cluster(value, at)),
      ...this.named(root, 'users', 'user', (value, at) => this.user(value, at)),
      ...this.named(root, 'contexts', 'context', (value, at) => this.context(value, at)),
    } as KubeConfig;
  }

  private named<K extends 'clusters' | 'users' | 'contexts', V>(
    root: Json,
    list: K,
    field: string,
    check: (value: unknown, at: string) => V,
  ): Partial<Record<K, readonly { name: string }[]>> {
    const value = root[list];
    if (value === undefined) return {};
    if (!Array.isArray(value)) this.fail(`${list} must be a list`);
    const seen = new Set<string>();
    const entries = value.map((item, index) => {
      const at = `${list}[${index}]`;
      const entry = this.object(item, at);
      const name = entry.name;
      if (typeof name !== 'string' || name === '')
        this.fail(`${at}.name must be a non-empty string`);
      if (seen.has(name)) this.fail(`${list} has two entries named '${name}'`);
      seen.add(name);
      const inner = entry[field] ?? {};
      return { ...entry, name, [field]: check(inner, `${list}['${name}'].${field}`) };
    });
    return { [list]: entries } as unknown as Partial<Record<K, readonly { name: string }[]>>;
  }

  private cluster(value: unknown, at: string): KubeConfigCluster {
    const cluster = this.object(value, at);
    for (const key of [
      'server',
      'tls-server-name',
      'certificate-authority',
      'certificate-authority-data',
      'proxy-url',
    ]) {
      this.optionalString(cluster, key, at);
    }
    for (const key of ['insecure-skip-tls-verify', 'disable-compression']) {
      this.optionalBoolean(cluster, key, at);
    }
    this.extensions(cluster, at);
    return cluster as KubeConfigCluster;
  }

  private user(value: unknown, at: string): KubeConfigUser {
    const user = this.object(value, at);
    for (const key of [
      'client-certificate',
      'client-certificate-data',
      'client-key',
      'client-key-data',
      'token',
      'tokenFile',
      'username',
      'password',
      'as',
      'as-uid',
    ]) {
      this.optionalString(user, key, at);
    }
    const groups = user['as-groups'];
    if (groups !== undefined) this.stringList(groups, `${at}.as-groups`);
    const extra = user['as-user-extra'];
    if (extra !== undefined) {
      const checked = this.object(extra, `${at}.as-user-extra`);
      for (const key of Object.keys(checked)) {
        this.stringList(checked[key], `${at}.as-user-extra[${JSON.stringify(key.slice(0, 40))}]`);
      }
    }
    const provider = user['auth-provider'];
    if (provider !== undefined) {
      const checked = this.object(provider, `${at}.auth-provider`);
      this.optionalString(checked, 'name', `${at}.auth-provider`);
      if (checked.config !== undefined) this.object(checked.config, `${at}.auth-provider.config`);
    }
    this.extensions(user, at);
    const exec = user.exec;
    if (exec === undefined) return user as KubeConfigUser;
    return { ...user, exec: this.exec(exec, `${at}.exec`) } as KubeConfigUser;
  }

  private exec(value: unknown, at: string): ExecConfig {
    const exec = this.object(value, at);
    for (const key of ['command', 'apiVersion', 'installHint', 'interactiveMode']) {
      this.optionalString(exec, key, at);
    }
    this.optionalBoolean(exec, 'provideClusterInfo', at);
    if (exec.args !== undefined) this.stringList(exec.args, `${at}.args`);
    if (exec.env !== undefined) {
      if (!Array.isArray(exec.env)) this.fail(`${at}.env must be a list`);
      exec.env.forEach((item, index) => {
        const variable = this.object(item, `${at}.env[${index}]`);
        if (typeof variable.name !== 'string')
          this.fail(`${at}.env[${index}].name must be a string`);
        if (typeof variable.value !== 'string') {
          this.fail(`${at}.env[${index}].value must be a string`);
        }
      });
    }
    return exec as unknown as ExecConfig;
  }

  private context(value: unknown, at: string): KubeConfigContext {
    const context = this.object(value, at);
    for (const key of ['cluster', 'user', 'namespace']) this.optionalString(context, key, at);
    this.extensions(context, at);
    return context as unknown as KubeConfigContext;
  }

  /** `extensions`: a list of mappings, each with a string `name`. */
  private extensions(owner: Json, at: string): void {
    const value = owner.extensions;
    if (value === undefined) return;
    const where = at === '' || at === 'the document' ? 'extensions' : `${at}.extensions`;
    if (!Array.isArray(value)) this.fail(`${where} must be a list`);
    value.forEach((item, index) => {
      const entry = this.object(item, `${where}[${index}]`);
      if (typeof entry.name !== 'string') this.fail(`${where}[${index}].name must be a string`);
    });
  }

  private object(value: unknown, at: string): Json {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.fail(`${at} must be a mapping`);
    }
    return value as Json;
  }

  private optionalString(object: Json, key: string, at: string): void {
    const value = object[key];
    if (value !== undefined && typeof value !== 'string') {
      this.fail(`${at === '' ? '' : `${at}.`}${key} must be a string`);
    }
  }

  private optionalBoolean(object: Json, key: string, at: string): void {
    const value = object[key];
    if (value !== undefined && typeof value !== 'boolean') {
      this.fail(`${at}.${key} must be true or false`);
    }
  }

  private stringList(value: unknown, at: string): void {
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      this.fail(`${at} must be a list of strings`);
    }
  }

  private fail(message: string): never {
    throw new KubeConfigError('Invalid', `${this.where}: ${message}`, pathOption(this.options));
  }
}

/** Makes the file references of a config absolute, against the folder of its file. */
function resolvePaths(config: KubeConfig, base: string): KubeConfig {
  const resolve = (path: string | undefined): string | undefined =>
    path === undefined || path === '' || isAbsolute(path) ? path : join(base, path);
  const set = <T extends object>(object: T, key: keyof T & string): T => {
    const value = object[key];
    return typeof value === 'string' ? { ...object, [key]: resolve(value) } : object;
  };
  return {
    ...config,
    ...(config.clusters && {
      clusters: config.clusters.map(
        (named): NamedCluster => ({
          ...named,
          cluster: set(named.cluster, 'certificate-authority'),
        }),
      ),
    }),
    ...(config.users && {
      users: config.users.map((named): NamedUser => {
        let user = named.user;
        for (const key of ['client-certificate', 'client-key', 'tokenFile'] as const) {
          user = set(user, key);
        }
        // A bare command name is looked up in PATH; only a command with a slash is a path.
        const exec = user.exec;
        // A missing command fails when the user is used (checkExecConfig), not while loading.
        const command: unknown = exec?.command;
        if (
          exec &&
          typeof command === 'string' &&
          (command.includes('/') || command.includes(sep))
        ) {
          user = { ...user, exec: set(exec, 'command') };
        }
        return { ...named, user };
      }),
    }),
  };
}

/** YAML's `key:` without a value is null; kubectl reads it as unset, and so do we. */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== null)
      .map(([key, item]) => [key, dropNulls(item)]),
  );
}
