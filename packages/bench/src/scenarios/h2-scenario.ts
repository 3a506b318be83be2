import type { KubeClient } from '@rxkube/core';
import { createClient } from '@rxkube/node';
import type { Figure } from '../report/figure.js';
import type { BenchContext } from './bench-context.js';
import { type Layout, measureLayout } from './measure-layout.js';
import { withRatios } from './with-ratios.js';

const COLLECTIONS = 100;
const OBJECTS_PER_COLLECTION = 2;
const SECTION = '100 collections against kube-apiserver over TLS: HTTP/2 and HTTP/1.1';
const HTTP1 = 'HTTP/1.1, 100 namespaces of configmaps';

async function send(
  client: KubeClient,
  method: 'POST' | 'PATCH',
  path: string,
  body: object,
  accept: readonly number[] = [200, 201],
): Promise<void> {
  const response = await client.transport.request({
    method,
    path,
    body: JSON.stringify(body),
    headers: {
      'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
    },
  });
  const text = await response.text();
  if (!accept.includes(response.status))
    throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
}

/**
 * 100 collections (configmaps of 100 namespaces) against a real kube-apiserver over TLS, once with
 * HTTP/2 (`allowH2`) and once over HTTP/1.1: the sockets the client process holds (one shared
 * connection against one per watch), timers, heap and CPU time per collection. Runs only when
 * `RXKUBE_KUBECONFIG` names the cluster's kubeconfig (`scripts/kube-apiserver/start.sh`).
 *
 * @example
 * ```ts
 * const figures = await h2Scenario(context);
 * ```
 */
export async function h2Scenario(context: BenchContext): Promise<Figure[]> {
  const kubeconfig = process.env.RXKUBE_KUBECONFIG;
  if (!kubeconfig) {
    context.log('h2: RXKUBE_KUBECONFIG is not set; start scripts/kube-apiserver first. Skipped.');
    return [];
  }
  const setup = createClient({ kubeconfig });
  const namespaces = Array.from({ length: COLLECTIONS }, (_, i) => `rxkube-bench-${i}`);
  for (const namespace of namespaces) {
    await send(setup, 'POST', '/api/v1/namespaces', { metadata: { name: namespace } }, [201, 409]);
    for (let j = 0; j < OBJECTS_PER_COLLECTION; j++) {
      await send(
        setup,
        'POST',
        `/api/v1/namespaces/${namespace}/configmaps`,
        { metadata: { name: `cm-${j}` }, data: { round: '0' } },
        [201, 409],
      );
    }
  }
  const refs = namespaces.map((namespace) => ({
    version: 'v1',
    resource: 'configmaps',
    namespace,
  }));
  const layout = (label: string): Layout => ({
    label,
    refs,
    change: (i, round) =>
      send(
        setup,
        'PATCH',
        `/api/v1/namespaces/${namespaces[i]}/configmaps/cm-${round % OBJECTS_PER_COLLECTION}`,
        { data: { round: String(round) } },
      ),
  });
  try {
    const figures: Figure[] = [];
    for (const allowH2 of [false, true]) {
      const label = allowH2 ? 'HTTP/2, 100 namespaces of configmaps' : HTTP1;
      figures.push(
        ...(await measureLayout(
          context,
          layout(label),
          { kubeconfig, allowH2, refs },
          SECTION,
          () => undefined,
        )),
      );
    }
    return withRatios(figures, HTTP1);
  } finally {
    await (setup.transport as { close?: () => Promise<void> }).close?.();
  }
}
