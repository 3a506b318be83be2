import { describeChunkBatches } from '../../../core/test/support/chunk-batches-suite.js';
import { undiciTransport } from '../../src/index.js';

for (const decoder of ['ndjson', 'core'] as const) {
  describeChunkBatches(`undici transport, ${decoder} decoder`, (url) => {
    const transport = undiciTransport({ baseUrl: url, decoder });
    return { client: { transport }, close: () => transport.destroy() };
  });
}
