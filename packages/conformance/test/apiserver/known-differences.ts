import type { KnownDifference } from '../../src/known-difference.js';

/**
 * How FakeApiServer (configured as kube-apiserver 1.20: `streamingLists: false`, watch cache on,
 * too-old watches as an ERROR event) still differs from the real kube-apiserver 1.20, per
 * fidelity case. Each id is a section of ../../FIDELITY.md. The fidelity test fails when a
 * difference appears that is not listed here, and when a listed one no longer occurs (the fake
 * was fixed: delete the entry and its FIDELITY.md section).
 */

/** kube-apiserver records field ownership on every write; the fake keeps no managedFields. */
const managedFields: KnownDifference = {
  id: 'managed-fields',
  path: /(^|\.)metadata\.managedFields$/,
  fake: undefined,
};

/** List items come without kind and apiVersion from kube-apiserver. */
const listItemKind: KnownDifference = {
  id: 'list-item-type-meta',
  path: /(^|\.)items\[\d+\]\.kind$/,
  real: undefined,
  fake: 'ConfigMap',
};
const listItemApiVersion: KnownDifference = {
  id: 'list-item-type-meta',
  path: /(^|\.)items\[\d+\]\.apiVersion$/,
  real: undefined,
  fake: 'v1',
};

/** An empty `data: {}` is dropped by kube-apiserver (Go's omitempty); the fake stores it. */
const emptyData: KnownDifference = {
  id: 'empty-fields-omitted',
  path: /(^|\.)data$/,
  real: undefined,
  fake: {},
};

const ETCD_FUTURE = 'etcdserver: mvcc: required revision is a future revision';
const TOO_LARGE = 'Timeout: Too large resource version: <n>, current: <n>';
/** Exact and paginated LISTs go to etcd in 1.20, which refuses a future revision at once with 500. */
const futureFromEtcd = (side: 'exact' | 'paged'): KnownDifference[] => [
  { id: 'future-version-from-etcd', path: new RegExp(`^${side}\\.status$`), real: 500, fake: 504 },
  {
    id: 'future-version-from-etcd',
    path: new RegExp(`^${side}\\.retryAfter$`),
    real: undefined,
    fake: '1',
  },
  {
    id: 'future-version-from-etcd',
    path: new RegExp(`^${side}\\.body\\.message$`),
    real: ETCD_FUTURE,
    fake: TOO_LARGE,
  },
  {
    id: 'future-version-from-etcd',
    path: new RegExp(`^${side}\\.body\\.reason$`),
    real: undefined,
    fake: 'Timeout',
  },
  {
    id: 'future-version-from-etcd',
    path: new RegExp(`^${side}\\.body\\.details$`),
    real: undefined,
  },
  {
    id: 'future-version-from-etcd',
    path: new RegExp(`^${side}\\.body\\.code$`),
    real: 500,
    fake: 504,
  },
  {
    id: 'future-version-from-etcd',
    path: new RegExp(`^${side}\\.answered$`),
    real: 'at once',
    fake: 'after about 3 s',
  },
];

export const knownDifferences: Readonly<Record<string, readonly KnownDifference[]>> = {
  'create-namespace': [
    managedFields,
    {
      id: 'namespace-finalizers',
      path: /^body\.spec$/,
      real: { finalizers: ['kubernetes'] },
      fake: undefined,
    },
  ],
  create: [managedFields],
  get: [managedFields],
  'update-then-conflict': [managedFields],
  'list-pages': [managedFields, listItemKind, listItemApiVersion, emptyData],
  'list-rv0-limit': [managedFields, listItemKind, listItemApiVersion, emptyData],
  'watch-events': [managedFields],
  'watch-initial-state': [managedFields, emptyData],
  'send-initial-events-ignored': [managedFields, emptyData],
  'list-future-etcd': [...futureFromEtcd('exact'), ...futureFromEtcd('paged')],
  'watch-future': [
    {
      id: 'watch-future-version',
      path: /^lines\[0\]$/,
      real: undefined,
    },
    {
      id: 'watch-future-version',
      path: /^ended$/,
      real: 'after about 4 s',
      fake: 'after about 3 s',
    },
  ],
  'invalid-continue': [
    {
      id: 'continue-token-messages',
      path: /^notBase64\.body\.message$/,
      real: 'invalid continue token: continue key is not valid: illegal base<n> data at input byte <n>',
      fake: 'invalid continue token: continue key is not valid: illegal base<n> data',
    },
    {
      id: 'continue-token-messages',
      path: /^notJson\.body\.message$/,
      real: "invalid continue token: continue key is not valid: invalid character 'o' in literal null (expecting 'u')",
    },
  ],
};
