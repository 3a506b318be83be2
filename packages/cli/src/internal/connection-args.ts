/** Where to connect and as whom: kubectl's connection flags. */
export interface ConnectionArgs {
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly server?: string;
  readonly cluster?: string;
  readonly user?: string;
  readonly token?: string;
  readonly certificateAuthority?: string;
  readonly insecureSkipTlsVerify?: boolean;
  readonly as?: string;
  readonly asGroups?: readonly string[];
  /** `--request-timeout` in milliseconds (0: none). */
  readonly requestTimeoutMs?: number;
}
