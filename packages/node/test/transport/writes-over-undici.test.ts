import { describeWrites } from '../../../core/test/support/write-suite.js';
import { undiciTransport } from '../../src/index.js';

describeWrites('undici transport', (url) => {
  const transport = undiciTransport({ baseUrl: url });
  return { client: { transport }, close: () => transport.destroy() };
});
