/**
 * Annotations the server writes on benchmark events, so that every client can recognise the
 * events of one measurement (`mark`) without knowing resource versions.
 *
 * @example
 * ```ts
 * const marked = pod.metadata.annotations?.[benchAnnotations.mark] === 'burst-1';
 * ```
 */
export const benchAnnotations = {
  /** Which measurement wrote this version of the object. */
  mark: 'bench.rxkube.dev/mark',
  /** The event's position in its burst, so that every event changes the object. */
  seq: 'bench.rxkube.dev/seq',
} as const;
