/** The apps the embedded cluster runs, and their namespaces. */
const APPS = [
  { namespace: 'shop', app: 'checkout' },
  { namespace: 'shop', app: 'cart' },
  { namespace: 'payments', app: 'ledger' },
  { namespace: 'search', app: 'indexer' },
] as const;

/**
 * Where the `index`-th pod the embedded cluster creates lives and what it is called: the apps
 * take turns, and every pod gets a new name (`checkout-0000`, `cart-0001`, …).
 *
 * @example
 * ```ts
 * import { examplePodSlot } from './example-pod-slot.js';
 * examplePodSlot(2); // { namespace: 'payments', name: 'ledger-0002', app: 'ledger' }
 * ```
 */
export function examplePodSlot(index: number): {
  readonly namespace: string;
  readonly name: string;
  readonly app: string;
} {
  const { namespace, app } = APPS[index % APPS.length] ?? APPS[0];
  return { namespace, name: `${app}-${index.toString(36).padStart(4, '0')}`, app };
}
