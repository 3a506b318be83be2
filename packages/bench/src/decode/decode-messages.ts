/**
 * The decoding comparison's job and answer.
 *
 * @example
 * ```ts
 * const job: DecodeJob = { lines: 20_000, chunkBytes: 65_536, rounds: 5 };
 * ```
 */
export interface DecodeJob {
  readonly lines: number;
  readonly chunkBytes: number;
  readonly rounds: number;
}

/** Best time of each decoder over the same bytes. */
export interface DecodeReply {
  readonly bytes: number;
  readonly lines: number;
  /** Bytes to parsed values. */
  readonly results: readonly { readonly decoder: string; readonly ms: number }[];
  /** Bytes to text only, chunk by chunk: the UTF-8 step each decoder starts with. */
  readonly text: readonly { readonly decoder: string; readonly ms: number }[];
}
