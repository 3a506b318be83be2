import { createFetchClient } from '../../src/index.js';
import { describeChunkBatches } from '../support/chunk-batches-suite.js';

describeChunkBatches('fetch transport', (url) => ({ client: createFetchClient({ baseUrl: url }) }));
