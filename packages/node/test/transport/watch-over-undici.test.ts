import { describeWatch } from '../../../core/test/support/watch-suite.js';
import { undiciTransport } from '../../src/index.js';

for (const decoder of ['ndjson', 'core'] as const) {
  describeWatch(`undici transport, ${decoder} decoder`, (url) => {
    const transport = undiciTransport({ baseUrl: url, decoder });
    return { client: { transport }, close: () => transport.destroy() };
  });
}
