import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';

/**
 * Registers an OpenTelemetry MeterProvider whose metrics are scraped as Prometheus text at
 * `http://127.0.0.1:<port>/metrics` (0: any free port): rxkube records its work queues
 * (client-go's `workqueue_*`), collections, elections and shards there. Register it before the
 * controllers start: until then, `@opentelemetry/api` hands out no-op instruments.
 *
 * @example
 * ```ts
 * import { serveMetrics } from './serve-metrics.js';
 * const served = await serveMetrics(9464);
 * console.log(served.url); // http://127.0.0.1:9464/metrics
 * await served.close();
 * ```
 */
export async function serveMetrics(port: number): Promise<{ url: string; close(): Promise<void> }> {
  const exporter = new PrometheusExporter({ preventServerStart: true });
  const provider = new MeterProvider({ readers: [exporter] });
  metrics.setGlobalMeterProvider(provider);
  const server = createServer((request, response) => {
    if (request.url === '/metrics') exporter.getMetricsRequestHandler(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/metrics`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await provider.shutdown();
    },
  };
}
