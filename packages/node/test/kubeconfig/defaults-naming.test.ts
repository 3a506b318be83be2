import { expect, it } from 'vitest';
import * as node from '../../src/index.js';
import * as nodeHttp from '../../src/node-http/index.js';

it('names its defaults object as every other defaults object (camelCase, ending in Defaults), keeping the first name as the same object', () => {
  const defaults = Object.keys(node).filter((name) => /defaults$/i.test(name));
  expect(defaults.filter((name) => !/^[a-z][A-Za-z]*Defaults$/.test(name))).toEqual([
    'KUBE_CONFIG_DEFAULTS',
  ]);
  expect(node.KUBE_CONFIG_DEFAULTS).toBe(node.kubeConfigDefaults);
  expect(nodeHttp.kubeConfigDefaults).toBe(node.kubeConfigDefaults);
  expect(node.kubeConfigDefaults.namespace).toBe('default');
});
