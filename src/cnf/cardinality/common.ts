/** Helpers shared by the cardinality encoders. */
import type { Lit } from '../../sat/types.js';
import type { CardinalityEncoder, CardinalityEncoding, ClauseSink } from './types.js';

export function negateAll(x: readonly Lit[]): Lit[] {
  return x.map((l) => -l);
}

/** Which implications a counter must carry: `up` = inputs force outputs true, `down` = outputs force inputs. */
export interface Directions {
  up: boolean;
  down: boolean;
}

export const UP: Directions = { up: true, down: false };
export const DOWN: Directions = { up: false, down: true };
export const BOTH: Directions = { up: true, down: true };

/**
 * A unary counter: returns `output(r)`, 1 <= r <= cap, a literal (or constant) for "at least r of x".
 * With `up`, "at least r" implies the output; with `down`, the output implies "at least r";
 * so atMost needs only `up`, atLeast only `down`, exactly both. `mostTrue` (see CardinalityHints)
 * may lower the cap of any part of the counter; a counter is free to ignore it.
 */
export type UnaryCounter = (
  sink: ClauseSink, x: readonly Lit[], cap: number, dirs: Directions, mostTrue?: (lits: readonly Lit[]) => number,
) => (r: number) => Lit | boolean;

/** Makes the sink unsatisfiable without relying on the engine accepting an empty clause. */
export function contradiction(sink: ClauseSink): void {
  const v = sink.newVar();
  sink.addClause([v]);
  sink.addClause([-v]);
}

/** Adds the unit "`w` has `value`" (a constant either holds already or makes the sink unsatisfiable). */
export function assertWire(sink: ClauseSink, w: Lit | boolean, value: boolean): void {
  if (typeof w === 'boolean') {
    if (w !== value) contradiction(sink);
    return;
  }
  sink.addClause([value ? w : -w]);
}

/**
 * atMost/atLeast/exactly from a unary counter. Each constraint is turned around when that makes the
 * counter smaller (at most k of x is at least n-k of -x), and exactly(k) asserts both sides on one
 * counter built in both directions, so its outputs are functions of the inputs. A `mostTrue` hint
 * bounds true literals, so it reaches the counter only where the counter counts `x` itself.
 */
export function counterEncoder(encoding: CardinalityEncoding, counter: UnaryCounter): CardinalityEncoder {
  return {
    atMost(sink, x, k, hints) {
      const n = x.length;
      if (k + 1 <= n - k) assertWire(sink, counter(sink, x, k + 1, UP, hints?.mostTrue)(k + 1), false);
      else assertWire(sink, counter(sink, negateAll(x), n - k, DOWN)(n - k), true);
      return encoding;
    },
    atLeast(sink, x, k, hints) {
      const n = x.length;
      if (k <= n - k + 1) assertWire(sink, counter(sink, x, k, DOWN, hints?.mostTrue)(k), true);
      else assertWire(sink, counter(sink, negateAll(x), n - k + 1, UP)(n - k + 1), false);
      return encoding;
    },
    exactly(sink, x, k, hints) {
      const n = x.length;
      const [y, j] = k <= n - k ? [x, k] : [negateAll(x), n - k];
      const out = counter(sink, y, j + 1, BOTH, y === x ? hints?.mostTrue : undefined);
      assertWire(sink, out(j), true);
      assertWire(sink, out(j + 1), false);
      return encoding;
    },
  };
}

/**
 * An encoder for at-most-one only (`ladder`, `commander`, `bitwise`): it serves atMost(1),
 * atLeast(n-1) (= at most one false) and exactly(1) / exactly(n-1); every other bound falls back
 * to `fallback` and reports it.
 */
export function atMostOneEncoder(
  encoding: CardinalityEncoding,
  amo: (sink: ClauseSink, x: readonly Lit[], exactlyOne: boolean) => void,
  fallback: CardinalityEncoder,
): CardinalityEncoder {
  return {
    atMost(sink, x, k) {
      if (k !== 1) return fallback.atMost(sink, x, k);
      amo(sink, x, false);
      return encoding;
    },
    atLeast(sink, x, k) {
      if (k !== x.length - 1) return fallback.atLeast(sink, x, k);
      amo(sink, negateAll(x), false);
      return encoding;
    },
    exactly(sink, x, k) {
      if (k === 1) amo(sink, x, true);
      else if (k === x.length - 1) amo(sink, negateAll(x), true);
      else return fallback.exactly(sink, x, k);
      return encoding;
    },
  };
}

/** At most one of x, by forbidding every pair (also the base case of `commander`). */
export function pairwiseAtMostOne(sink: ClauseSink, x: readonly Lit[]): void {
  for (let i = 0; i < x.length; i++) for (let j = i + 1; j < x.length; j++) sink.addClause([-x[i]!, -x[j]!]);
}
