import {
  CoreV1Api,
  type Informer,
  KubeConfig,
  makeInformer,
  type ObjectCache,
  type V1Pod,
  type V1PodList,
} from '@kubernetes/client-node';
import type { BenchClient, BenchClientOptions } from './bench-client.js';

/**
 * @kubernetes/client-node 1.4.0 under test: `makeInformer` on `/api/v1/pods`, one informer per
 * subscriber (the library has no sharing of its own). The informer's list function is user code;
 * here it fetches pages of `pageSize` with `listPodForAllNamespaces` and hands the informer one
 * list, so every client lists in the same pages.
 *
 * @example
 * ```ts
 * const informers = clientNodeClient({ url, pageSize: 500, subscribers: 1, onApplied: () => {} });
 * await informers.start();
 * ```
 */
export function clientNodeClient(options: BenchClientOptions): BenchClient {
  const config = new KubeConfig();
  config.loadFromOptions({
    // Plain HTTP on loopback: client-node refuses http:// unless TLS verification is marked off,
    // though no TLS is involved.
    clusters: [{ name: 'bench', server: options.url, skipTLSVerify: true }],
    users: [{ name: 'bench' }],
    contexts: [{ name: 'bench', cluster: 'bench', user: 'bench' }],
    currentContext: 'bench',
  });
  const api = config.makeApiClient(CoreV1Api);
  const listAllPages = async (): Promise<V1PodList> => {
    const listPage = (token: string | undefined) =>
      api.listPodForAllNamespaces({
        limit: options.pageSize,
        ...(token === undefined ? {} : { _continue: token }),
      });
    const first = await listPage(undefined);
    const items: V1Pod[] = [...first.items];
    let token = first.metadata?._continue || undefined;
    while (token !== undefined) {
      const page = await listPage(token);
      for (const item of page.items) items.push(item);
      token = page.metadata?._continue || undefined;
    }
    return { ...first, items };
  };
  const informers: (Informer<V1Pod> & ObjectCache<V1Pod>)[] = [];
  let stopped = false;
  for (let i = 0; i < options.subscribers; i++) {
    const informer = makeInformer(config, '/api/v1/pods', listAllPages);
    const onObject = (pod: V1Pod) => options.onApplied(i, pod);
    informer.on('add', onObject);
    informer.on('update', onObject);
    informer.on('error', (error: unknown) => {
      if (!stopped) console.error('informer failed', error);
    });
    informers.push(informer);
  }
  const [first] = informers;
  if (first === undefined) throw new Error('a bench client needs at least one subscriber');
  return {
    start: () => Promise.all(informers.map((informer) => informer.start())).then(() => undefined),
    size: () => first.list().length,
    stop: async () => {
      stopped = true;
      await Promise.all(informers.map((informer) => informer.stop()));
    },
  };
}
