const NOTHING_FIRST = (): void => undefined;

/** What a pure transition returns: the next state, and what the edge must do, in order. */
export interface MachineStep<State, Effect> {
  readonly state: State;
  readonly effects: readonly Effect[];
}

/**
 * Runs a state machine at its edge, the one way rxkube does it (the list/watch loop, a
 * controller's work queue, leader election): it holds the state, feeds inputs to the pure
 * `transition` one at a time, and hands each step's effects to `run`, in order. An input raised
 * while one is applied (an effect that completes synchronously, a request that fails at once)
 * waits its turn, so the transition is never re-entered and its inputs are seen in the order they
 * were raised. Once `closed()` holds, nothing more is applied or run.
 */
export class MachineDriver<State, Input, Effect> {
  #state: State | undefined;
  #busy = false;
  readonly #queue: Input[] = [];

  constructor(
    private readonly transition: (state: State, input: Input) => MachineStep<State, Effect>,
    private readonly run: (effect: Effect) => void,
    private readonly closed: () => boolean = () => false,
  ) {}

  /** The state after the last input applied. */
  get state(): State {
    if (this.#state === undefined) throw new Error('MachineDriver: not started');
    return this.#state;
  }

  /** Starts the machine with its first step's effects (inputs they raise wait their turn). */
  start(first: MachineStep<State, Effect>): void {
    this.#state = first.state;
    this.#apply(() => this.#runAll(first.effects));
  }

  /** Applies `input` now, or after the input being applied when called from within it. */
  dispatch(input: Input): void {
    this.#queue.push(input);
    if (!this.#busy) this.#apply(NOTHING_FIRST);
  }

  #apply(first: () => void): void {
    this.#busy = true;
    try {
      first();
      for (let next = this.#queue.shift(); next !== undefined; next = this.#queue.shift()) {
        if (this.closed()) {
          this.#queue.length = 0;
          return;
        }
        const step = this.transition(this.state, next);
        this.#state = step.state;
        this.#runAll(step.effects);
      }
    } finally {
      this.#busy = false;
    }
  }

  #runAll(effects: readonly Effect[]): void {
    for (const effect of effects) {
      if (this.closed()) return;
      this.run(effect);
    }
  }
}
