/** One application of the demo cluster: a Deployment, its ReplicaSet and its pods. */
export interface DemoApp {
  readonly namespace: string;
  readonly name: string;
  /** Share of the cluster's pods. */
  readonly weight: number;
  readonly image: string;
  readonly port: number;
  /** A log-shipping sidecar container next to the application. */
  readonly sidecar: boolean;
  /** Memory request, e.g. `256Mi`. */
  readonly memory: string;
}

const app = (
  namespace: string,
  name: string,
  weight: number,
  tag: string,
  port: number,
  sidecar: boolean,
  memory: string,
): DemoApp => ({
  namespace,
  name,
  weight,
  image: `registry.example.com/${namespace}/${name}:${tag}`,
  port,
  sidecar,
  memory,
});

/** The applications of the demo cluster, in six namespaces. */
export const demoApps: readonly DemoApp[] = [
  app('shop', 'frontend', 12, '3.14.2', 8080, true, '256Mi'),
  app('shop', 'cart', 8, '2.8.0', 8080, true, '192Mi'),
  app('shop', 'catalog', 10, '5.1.7', 8080, false, '512Mi'),
  app('shop', 'checkout-api', 6, '1.24.3', 8443, true, '256Mi'),
  app('shop', 'recommendations', 5, '0.19.1', 9000, false, '1Gi'),
  app('payments', 'ledger', 4, '4.2.0', 8080, true, '512Mi'),
  app('payments', 'fraud-detector', 5, '2.0.11', 9090, false, '2Gi'),
  app('payments', 'gateway', 6, '7.3.5', 8443, true, '256Mi'),
  app('search', 'indexer', 7, '11.2.1', 9200, false, '4Gi'),
  app('search', 'query', 9, '11.2.1', 9200, true, '2Gi'),
  app('search', 'suggest', 4, '1.6.0', 8080, false, '256Mi'),
  app('data', 'kafka-connect', 4, '3.7.1', 8083, false, '2Gi'),
  app('data', 'etl-worker', 8, '0.42.0', 8080, true, '1Gi'),
  app('monitoring', 'node-exporter', 3, '1.8.2', 9100, false, '64Mi'),
  app('monitoring', 'log-collector', 3, '3.1.0', 2020, false, '128Mi'),
  app('default', 'echo', 2, '1.0.0', 8080, false, '32Mi'),
  app('default', 'httpbin', 2, '0.9.2', 80, false, '64Mi'),
];

/** The namespaces of {@link demoApps}, in order of first appearance. */
export const demoNamespaces: readonly string[] = [...new Set(demoApps.map((a) => a.namespace))];
