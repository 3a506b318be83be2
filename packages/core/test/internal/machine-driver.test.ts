import { describe, expect, it } from 'vitest';
import { MachineDriver } from '../../src/internal/machine-driver.js';

/** A counter machine: each input adds to the state and may ask the edge to raise more inputs. */
function counter(raise: (input: number) => void, log: string[], closed = () => false) {
  return new MachineDriver<number, number, number>(
    (state, input) => ({ state: state + input, effects: input > 1 ? [input - 1] : [] }),
    (effect) => {
      log.push(`run ${effect}`);
      raise(effect);
    },
    closed,
  );
}

describe('MachineDriver', () => {
  it('applies an input raised by an effect after the input being applied, never inside it', () => {
    const log: string[] = [];
    const driver: MachineDriver<number, number, number> = counter((input) => {
      log.push(`raise ${input} at ${driver.state}`);
      driver.dispatch(input);
    }, log);
    driver.start({ state: 0, effects: [] });
    driver.dispatch(3);
    // 3 is applied (state 3) and asks for 2; 2 waits until 3's effects ran, then 1
    expect(driver.state).toBe(6);
    expect(log).toEqual(['run 2', 'raise 2 at 3', 'run 1', 'raise 1 at 5']);
  });

  it("runs the first step's effects at start, inputs they raise after them", () => {
    const order: string[] = [];
    const driver: MachineDriver<number, number, string> = new MachineDriver<number, number, string>(
      (state, input) => ({ state: state + input, effects: [`after ${input}`] }),
      (effect) => {
        order.push(effect);
        if (effect === 'first') driver.dispatch(5);
      },
    );
    driver.start({ state: 1, effects: ['first', 'second'] });
    expect(order).toEqual(['first', 'second', 'after 5']);
    expect(driver.state).toBe(6);
  });

  it('applies and runs nothing once closed', () => {
    let closed = false;
    const log: string[] = [];
    const driver = counter(
      () => undefined,
      log,
      () => closed,
    );
    driver.start({ state: 0, effects: [] });
    closed = true;
    driver.dispatch(4);
    expect(driver.state).toBe(0);
    expect(log).toEqual([]);
  });

  it('refuses to tell a state before it starts', () => {
    const driver = counter(() => undefined, []);
    expect(() => driver.state).toThrow(/not started/);
  });
});
