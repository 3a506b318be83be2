import { cliDefaults } from '../cli-defaults.js';
import { PROXY_HELP } from './proxy/proxy-help.js';

const MAIN = `rxkube: live tables of Kubernetes resources, kept in sync by list-then-watch

Usage:
  rxkube get <resource> [name...] [flags]   list (or, with -w, watch) a resource
  rxkube proxy [flags]                      serve the API server locally, with a WebSocket
                                            that carries many watches at once
  rxkube demo [flags]                       a simulated cluster with churn and faults, in-process
  rxkube help [command]                     help for a command

Flags:
  -h, --help       show help
      --version    print the version
      --debug      print stack traces of errors

Run "rxkube help get", "rxkube help proxy" or "rxkube help demo" for the flags of each command.
`;

const GET = `Usage:
  rxkube get TYPE[,TYPE...] [name...] [flags]
  rxkube get TYPE/NAME... [flags]

A type is resolved through API discovery as kubectl does: plural (pods), singular (pod), short
name (po), kind (Pod), qualified by group (deployments.apps, Widget.example.com) or by version
and group (deployments.v1.apps); "all" is every type of the category all (with no name: like
kubectl, all/NAME names no type). Tables are printed by the server (every kind's own columns, a
CRD's printer columns).

Examples:
  rxkube get pods                       pods of the context's namespace
  rxkube get pods,svc -o wide
  rxkube get pod/web-1 -o yaml          one object, as itself
  rxkube get po -A -w                   every pod, as a live table
  rxkube get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\\n"}{end}'
  rxkube get pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName
  rxkube get pods -A -w -o ndjson | jq -c 'select(.type=="deleted") | .key'

Flags:
  -n, --namespace <ns>          namespace (default: the kubeconfig context's, else "${cliDefaults.namespace}")
  -A, --all-namespaces          every namespace; adds a NAMESPACE column
  -l, --selector <sel>          label selector, e.g. app=web,tier!=db
      --field-selector <sel>    field selector, e.g. status.phase=Running
  -o, --output <format>         table (default), wide, name, json, yaml, ndjson, jsonpath=...,
                                jsonpath-file=..., jsonpath-as-json=..., go-template=...,
                                go-template-file=..., custom-columns=..., custom-columns-file=...
      --show-labels             a LABELS column
  -L, --label-columns <keys>    a column per label key (repeatable)
      --no-headers              no header line
      --sort-by <jsonpath>      sort by a field, e.g. .metadata.creationTimestamp
      --show-kind               kind/name in the NAME column
      --show-managed-fields     keep metadata.managedFields in -o json and -o yaml
      --chunk-size <n>          LIST page size (default ${cliDefaults.chunkSize}; 0: one page)
      --request-timeout <d>     per request, e.g. 30s, 2m (0: none)
  -w, --watch                   keep watching: a live table in a terminal, one line per change
                                otherwise (with -o ndjson: one {type,key,object} per change)
      --watch-only              watch without printing the current objects first
      --output-watch-events     with -w and a table, prefix each change with its EVENT
      --sort <order>            live table order: auto (default: by name when it fits, else
                                recently changed first), name, recent
      --kubeconfig <file>       kubeconfig file (default: $KUBECONFIG, else ~/.kube/config)
      --context <name>          kubeconfig context (default: its current-context)
      --cluster <name>          kubeconfig cluster to use instead of the context's
      --user <name>             kubeconfig user to use instead of the context's
  -s, --server <url>            the API server, keeping the kubeconfig's credentials
      --token <token>           bearer token for the server
      --certificate-authority <file>  CA certificate file for the server
      --insecure-skip-tls-verify      do not verify the server's certificate (insecure)
      --as <user>               impersonate a user
      --as-group <group>        impersonate a group
      --debug                   print stack traces of errors

Ctrl-C stops and exits 130; an error prints one line on stderr and exits 1.
`;

const DEMO = `Usage:
  rxkube demo [flags]

Starts an in-process fake API server holding a realistic cluster (namespaces, deployments,
replica sets, about ${cliDefaults.demoPods} pods), changes it continuously, injects faults on a
schedule (dropped connections, a stalled watch, a compaction forcing 410 Gone, a 500/429 burst)
and shows the live table kept by list-then-watch, checking every second that the cache equals
the server's state.

Flags:
      --rate <n>          writes per second (default ${cliDefaults.demoRate})
      --duration <s>      stop this many seconds after the initial list, print a summary,
                          exit 0 only if the cache equals the server (default: run until
                          Ctrl-C, which ends it the same way)
      --pods <n>          pods to create (default ${cliDefaults.demoPods})
      --fault-every <s>   seconds between faults (default ${cliDefaults.demoFaultEverySeconds})
      --no-faults         inject no faults
      --seed <n>          seed of the generated cluster and its changes (default ${cliDefaults.demoSeed})
`;

/** The help text of a command, or of the whole tool; `undefined` for an unknown topic. */
export function helpText(topic?: string): string | undefined {
  if (topic === undefined) return MAIN;
  if (topic === 'get') return GET;
  if (topic === 'demo') return DEMO;
  if (topic === 'proxy') return PROXY_HELP;
  return undefined;
}
