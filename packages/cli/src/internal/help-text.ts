import { cliDefaults } from '../cli-defaults.js';

const MAIN = `rxkube: live tables of Kubernetes resources, kept in sync by list-then-watch

Usage:
  rxkube get <resource> [name...] [flags]   list (or, with -w, watch) a resource
  rxkube demo [flags]                       a simulated cluster with churn and faults, in-process
  rxkube help [command]                     help for a command

Flags:
  -h, --help       show help
      --version    print the version
      --debug      print stack traces of errors

Run "rxkube help get" or "rxkube help demo" for the flags of each command.
`;

const GET = `Usage:
  rxkube get <resource> [name...] [flags]

<resource> is resolved through API discovery as kubectl does: plural (pods), singular (pod),
short name (po), kind (Pod), qualified by group (deployments.apps, Widget.example.com) or by
version and group (deployments.v1.apps).

Examples:
  rxkube get pods                       pods of the context's namespace
  rxkube get po -A -w                   every pod, as a live table
  rxkube get deploy -n web -o yaml
  rxkube get pods -A -w -o ndjson | jq -c 'select(.type=="deleted") | .key'
  rxkube get cm --server http://127.0.0.1:8001

Flags:
  -n, --namespace <ns>          namespace (default: the kubeconfig context's, else "${cliDefaults.namespace}")
  -A, --all-namespaces          every namespace; adds a NAMESPACE column
  -l, --selector <sel>          label selector, e.g. app=web,tier!=db
      --field-selector <sel>    field selector, e.g. status.phase=Running
  -w, --watch                   keep watching: a live table in a terminal, one line per change
                                otherwise (with -o ndjson: one {type,key,object} per change)
  -o, --output <format>         table (default), json, yaml, ndjson, name
      --output-watch-events     with -w and a table, prefix each change with its EVENT
      --sort <order>            live table order: auto (default: by name when it fits, else
                                recently changed first), name, recent
      --chunk-size <n>          LIST page size (default ${cliDefaults.chunkSize}; 0: one page)
      --kubeconfig <file>       kubeconfig file (default: $KUBECONFIG, else ~/.kube/config)
      --context <name>          kubeconfig context (default: its current-context)
  -s, --server <url>            a plain API server URL (kubectl proxy), no kubeconfig
      --debug                   print stack traces of errors

Progress of a large initial list is shown on stderr. Ctrl-C stops and exits 130; an error
prints one line on stderr and exits 1.
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
  return undefined;
}
