import { createFetchClient } from '../../src/index.js';
import { describeWatch } from '../support/watch-suite.js';

describeWatch('fetch transport', (url) => ({ client: createFetchClient({ baseUrl: url }) }));
