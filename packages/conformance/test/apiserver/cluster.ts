import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KubeClient, KubeObject, ResourceRef } from '@rxkube/core';
import { createClient, type KubeConfig } from '@rxkube/node';
import { afterAll, inject } from 'vitest';
import { type ClusterEnv, parseClusterEnv } from '../../src/cluster-env.js';
import { objectWriter } from '../../src/object-writer.js';
import { runScript } from '../../src/run-script.js';
import type { ClusterContext } from './cluster-context.js';

/**
 * The cluster the global setup started, with the scripts bound to its run directory. Call it in
 * a `describe` body: it also closes the file's clients after its tests.
 */
export function cluster() {
  const context: ClusterContext = inject('cluster');
  afterAll(closeClients);
  const env = { ...process.env, RXKUBE_RUN_DIR: context.env.runDir };
  const run = (name: string, ...args: string[]) =>
    runScript(join(context.scriptsDir, name), args, { env });
  return {
    env: context.env,
    setupSeconds: context.setupSeconds,
    /** The env file as it is now (URLs are empty while a server is stopped). */
    currentEnv: async (): Promise<ClusterEnv> =>
      parseClusterEnv(await readFile(join(context.env.runDir, 'env'), 'utf8')),
    stop: (...names: string[]) => run('stop.sh', ...names),
    start: (...names: string[]) => run('start.sh', ...names),
    /** Compacts etcd at its current revision; resolves with that revision. */
    compact: async (): Promise<string> => {
      const { stdout } = await run('compact.sh');
      const revision = /COMPACTED_REVISION=(\d+)/.exec(stdout)?.[1];
      if (revision === undefined) throw new Error(`compact.sh printed no revision: ${stdout}`);
      return revision;
    },
  };
}

let namespaceCounter = 0;

/** Creates a namespace of its own for one test (nothing else writes there). */
export async function freshNamespace(client: KubeClient, prefix: string): Promise<string> {
  namespaceCounter += 1;
  const name = `${prefix}-${process.pid}-${namespaceCounter}-${Math.random().toString(36).slice(2, 6)}`;
  await objectWriter(client).create(
    { version: 'v1', resource: 'namespaces' },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
  );
  return name;
}

/** A ConfigMap as the tests write and read it. */
export interface ConfigMap extends KubeObject {
  readonly data?: Readonly<Record<string, string>>;
}

/** A ConfigMap object to create. */
export function configMap(name: string, data: Record<string, string> = {}): ConfigMap {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data };
}

export const configMaps = (namespace: string): ResourceRef => ({
  version: 'v1',
  resource: 'configmaps',
  namespace,
});

const openClients = new Set<{ transport: { close(): Promise<void> } }>();

/** Closes every client `kubeconfigClient` made; `cluster()` runs it after each file. */
async function closeClients(): Promise<void> {
  const clients = [...openClients];
  openClients.clear();
  await Promise.all(clients.map((client) => client.transport.close()));
}

/**
 * A client through a kubeconfig file the scripts generated (the token one: CA file and bearer
 * token; the `-cert` one: client certificate and key as data), or a config object. Closed after
 * the file's tests.
 */
export function kubeconfigClient(kubeconfig: string | KubeConfig) {
  const client = createClient({ kubeconfig, env: {} });
  openClients.add(client);
  return client;
}
