import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadKubeConfig } from '../../src/kubeconfig/load-kube-config.js';
import { mergeKubeConfigs } from '../../src/kubeconfig/merge-kube-configs.js';
import { parseKubeConfig } from '../../src/kubeconfig/parse-kube-config.js';
import { redactKubeConfig } from '../../src/kubeconfig/redact-kube-config.js';
import { useTempDir } from '../kubeconfig/temp-dir.js';

const ARG_SECRET = 'oidc-client-secret-ARG';
const ENV_SECRET = 'aws-secret-ENV';
const EXTENSION_SECRET = 'cluster-extension-SECRET';

const YAML = `
apiVersion: v1
kind: Config
current-context: main
clusters:
- name: c
  cluster:
    server: https://k8s.example:6443
    extensions:
    - name: client.authentication.k8s.io/exec
      extension:
        audience: https://k8s.example
        clientSecret: ${EXTENSION_SECRET}
users:
- name: u
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: kubectl-oidc_login
      interactiveMode: Never
      args: [get-token, --oidc-issuer-url=https://issuer.example, --oidc-client-secret=${ARG_SECRET}]
      env:
      - name: AWS_SECRET_ACCESS_KEY
        value: ${ENV_SECRET}
contexts:
- name: main
  context: { cluster: c, user: u }
`;

/** Every way a config or a part of it usually reaches a log. */
function printings(value: unknown): string[] {
  return [
    inspect(value, { depth: 20 }),
    JSON.stringify(value),
    `${JSON.stringify({ wrapped: value })}`,
    inspect({ wrapped: value }, { depth: 20 }),
  ];
}

describe('exec plugin settings are redacted as client-go redacts ExecConfig (Args, Env, Config)', () => {
  const temp = useTempDir();
  const secrets = [ARG_SECRET, ENV_SECRET, EXTENSION_SECRET];

  it('a loaded, parsed or merged config prints no exec args, env values or exec cluster extension', () => {
    const path = temp.write('config', YAML);
    const loaded = loadKubeConfig({ kubeconfig: path });
    const parsed = parseKubeConfig(YAML);
    const merged = mergeKubeConfigs([parsed]);
    for (const config of [loaded, parsed, merged]) {
      const user = config.users?.[0]?.user;
      const cluster = config.clusters?.[0]?.cluster;
      for (const part of [config, config.users, user, user?.exec, cluster, cluster?.extensions]) {
        for (const text of printings(part)) {
          for (const secret of secrets) expect(text).not.toContain(secret);
        }
      }
      // The data itself is intact for the code that runs the plugin.
      expect(user?.exec?.args?.[2]).toBe(`--oidc-client-secret=${ARG_SECRET}`);
      expect(user?.exec?.env?.[0]?.value).toBe(ENV_SECRET);
      // The command is not a secret and stays readable.
      expect(inspect(user?.exec)).toContain('kubectl-oidc_login');
    }
  });

  it('redactKubeConfig hides exec args and the exec cluster extension of a config built by hand', () => {
    const redacted = redactKubeConfig({
      clusters: [
        {
          name: 'c',
          cluster: {
            server: 'https://x',
            extensions: [
              { name: 'client.authentication.k8s.io/exec', extension: { s: EXTENSION_SECRET } },
            ],
          },
        },
      ],
      users: [
        {
          name: 'u',
          user: {
            exec: {
              apiVersion: 'client.authentication.k8s.io/v1',
              command: 'p',
              args: [ARG_SECRET],
              env: [{ name: 'E', value: ENV_SECRET }],
            },
          },
        },
      ],
    });
    for (const secret of secrets) expect(JSON.stringify(redacted)).not.toContain(secret);
  });
});
