import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { parseKubeConfig } from '../../src/kubeconfig/parse-kube-config.js';

// This file imports nothing that loads the YAML library: only parseKubeConfig may load it.
const loadedYaml = () =>
  Object.keys(createRequire(import.meta.url).cache).some((path) =>
    /[\\/]node_modules[\\/]yaml[\\/]/.test(path),
  );

it('loads the YAML library only for a kubeconfig outside the simple block subset', () => {
  const simple = parseKubeConfig(
    'apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://k8s.example\ncurrent-context: x\n',
  );
  expect(simple.clusters?.[0]?.cluster.server).toBe('https://k8s.example');
  expect(loadedYaml()).toBe(false);

  const flow = parseKubeConfig('clusters: [{ name: c, cluster: { server: https://k8s.example } }]');
  expect(flow.clusters?.[0]?.cluster.server).toBe('https://k8s.example');
  expect(loadedYaml()).toBe(true);
});
