import { describe, expect, it } from 'vitest';
import { parseClusterEnv } from '../src/cluster-env.js';

const ENV_FILE = `RXKUBE_RUN_DIR=/tmp/run
KUBECONFIG=/tmp/run/kubeconfig
RXKUBE_KUBECONFIG=/tmp/run/kubeconfig
RXKUBE_KUBECONFIG_CERT=/tmp/run/kubeconfig-cert
RXKUBE_KUBECONFIG2=/tmp/run/kubeconfig2
RXKUBE_KUBECONFIG2_CERT=/tmp/run/kubeconfig2-cert
RXKUBE_SERVER=https://127.0.0.1:35884
RXKUBE_SERVER2=
RXKUBE_CA_FILE=/tmp/run/pki/ca.crt
RXKUBE_TOKEN_FILE=/tmp/run/pki/admin.token
RXKUBE_CLIENT_CERT_FILE=/tmp/run/pki/admin.crt
RXKUBE_CLIENT_KEY_FILE=/tmp/run/pki/admin.key
RXKUBE_ETCD_ENDPOINT=http://127.0.0.1:37023
`;

describe('parseClusterEnv', () => {
  it('reads the env file start.sh writes, an empty value (a stopped server) included', () => {
    expect(parseClusterEnv(ENV_FILE)).toEqual({
      runDir: '/tmp/run',
      kubeconfig: '/tmp/run/kubeconfig',
      kubeconfigCert: '/tmp/run/kubeconfig-cert',
      kubeconfig2: '/tmp/run/kubeconfig2',
      kubeconfig2Cert: '/tmp/run/kubeconfig2-cert',
      server: 'https://127.0.0.1:35884',
      server2: '',
      caFile: '/tmp/run/pki/ca.crt',
      tokenFile: '/tmp/run/pki/admin.token',
      etcdEndpoint: 'http://127.0.0.1:37023',
    });
  });

  it('keeps everything after the first = and skips blank lines and comments', () => {
    const env = parseClusterEnv(
      `# cluster\n\n${ENV_FILE.replace('RXKUBE_SERVER=https://127.0.0.1:35884', 'RXKUBE_SERVER=https://h/?a=b')}`,
    );
    expect(env.server).toBe('https://h/?a=b');
  });

  it('names the keys a file lacks', () => {
    expect(() => parseClusterEnv('RXKUBE_RUN_DIR=/tmp/run\n')).toThrow(
      /lacks KUBECONFIG, RXKUBE_KUBECONFIG_CERT, .*RXKUBE_ETCD_ENDPOINT/,
    );
  });
});
