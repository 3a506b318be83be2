/**
 * The clients of run `round`, in turn: the run starts with client `round` (modulo their number)
 * and goes round. Over the runs each client takes each place, so a client that always ran first,
 * or always after the same one, does not carry what that place does to a figure (a server that
 * has just served a burst, say) in every run.
 *
 * @example
 * ```ts
 * inTurn(['a', 'b', 'c'], 1); // ['b', 'c', 'a']
 * ```
 */
export function inTurn<T>(clients: readonly T[], round: number): T[] {
  const start = clients.length === 0 ? 0 : round % clients.length;
  return [...clients.slice(start), ...clients.slice(0, start)];
}
