import { nodeHttpTransport } from '../../src/index.js';
import { describeHttpTransport } from './support/http-transport-suite.js';

// node:http keeps one connection alive and reuses it for every consecutive request.
describeHttpTransport('nodeHttpTransport', nodeHttpTransport, { keepAliveConnections: 1 });
