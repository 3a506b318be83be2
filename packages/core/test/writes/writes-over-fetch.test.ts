import { createFetchClient } from '../../src/index.js';
import { describeWrites } from '../support/write-suite.js';

describeWrites('fetch transport', (url) => ({ client: createFetchClient({ baseUrl: url }) }));
