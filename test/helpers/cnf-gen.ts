/**
 * Small CNF generators for engine tests and benchmarks: seeded random k-SAT, pigeonhole,
 * and XOR (parity) chains, plus a DIMACS writer and a clause checker.
 */
import type { Clause, Lit } from '../../src/sat/types.js';
import { seededRandom } from '../../src/util/random.js';

export { seededRandom };

export interface Cnf {
  numVars: number;
  clauses: Clause[];
}

/** Uniform random k-SAT: `numClauses` clauses of k distinct variables with random signs. */
export function randomKSat(numVars: number, numClauses: number, k: number, seed: number): Cnf {
  const rand = seededRandom(seed);
  const clauses: Clause[] = [];
  for (let i = 0; i < numClauses; i++) {
    const vars = new Set<number>();
    while (vars.size < k) vars.add(1 + Math.floor(rand() * numVars));
    clauses.push([...vars].map((v) => (rand() < 0.5 ? v : -v)));
  }
  return { numVars, clauses };
}

/** Random 3-SAT at the satisfiability threshold (ratio 4.26), about half SAT, half UNSAT. */
export function random3SatAtThreshold(numVars: number, seed: number): Cnf {
  return randomKSat(numVars, Math.round(numVars * 4.26), 3, seed);
}

/** Pigeons into holes, each pigeon somewhere, no two in one hole; UNSAT iff pigeons > holes. */
export function pigeonhole(pigeons: number, holes: number): Cnf {
  const x = (p: number, h: number): number => p * holes + h + 1;
  const clauses: Clause[] = [];
  for (let p = 0; p < pigeons; p++) clauses.push(Array.from({ length: holes }, (_, h) => x(p, h)));
  for (let h = 0; h < holes; h++) {
    for (let p = 0; p < pigeons; p++) {
      for (let q = p + 1; q < pigeons; q++) clauses.push([-x(p, h), -x(q, h)]);
    }
  }
  return { numVars: pigeons * holes, clauses };
}

/**
 * Two XOR chains over the same variables 1..n in different (seeded) orders:
 * x1 ^ ... ^ xn = 0 and, in the other order, = 0 (SAT) or = 1 (UNSAT).
 * Each chain is Tseitin-encoded with running-parity variables, 4 clauses per step.
 */
export function parityChains(n: number, unsat: boolean, seed: number): Cnf {
  const rand = seededRandom(seed);
  let numVars = n;
  const clauses: Clause[] = [];
  const chain = (order: number[], parity: 0 | 1): void => {
    let acc = order[0]!;
    for (let i = 1; i < order.length; i++) {
      const x = order[i]!;
      const y = ++numVars; // y <-> acc xor x
      clauses.push([-y, acc, x], [-y, -acc, -x], [y, -acc, x], [y, acc, -x]);
      acc = y;
    }
    clauses.push([parity === 1 ? acc : -acc]);
  };
  const identity = Array.from({ length: n }, (_, i) => i + 1);
  const shuffled = [...identity];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  chain(identity, 0);
  chain(shuffled, unsat ? 1 : 0);
  return { numVars, clauses };
}

export function toDimacs(cnf: Cnf): string {
  const lines = [`p cnf ${cnf.numVars} ${cnf.clauses.length}`];
  for (const c of cnf.clauses) lines.push(`${c.join(' ')} 0`);
  return `${lines.join('\n')}\n`;
}

/** The first clause the assignment falsifies (`model[v]` = 1/0), or undefined if all hold. */
export function falsifiedClause(clauses: readonly Clause[], model: ArrayLike<number>): Clause | undefined {
  return clauses.find((c) => !c.some((lit) => (model[Math.abs(lit)] === 1) === lit > 0));
}

/** Exhaustive satisfiability check for up to ~24 variables (clauses as bit masks). */
export function bruteForceSat(cnf: Cnf): boolean {
  if (cnf.numVars > 24) throw new Error('brute force is for small formulas only');
  const pos = cnf.clauses.map((c) => c.reduce((m, l) => (l > 0 ? m | (1 << (l - 1)) : m), 0));
  const neg = cnf.clauses.map((c) => c.reduce((m, l) => (l < 0 ? m | (1 << (-l - 1)) : m), 0));
  const total = 2 ** cnf.numVars;
  outer: for (let a = 0; a < total; a++) {
    for (let i = 0; i < pos.length; i++) if (((a & pos[i]!) | (~a & neg[i]!)) === 0) continue outer;
    return true;
  }
  return false;
}

/** One round of an incremental session: clauses to add, then a solve under these assumptions. */
export interface SessionRound {
  clauses: Clause[];
  assumptions: number[];
}

/**
 * A seeded incremental session: 12 rounds of clause batches of mixed lengths (mostly 3, some
 * units, binaries and long ones), each followed by a solve under up to five random assumptions.
 */
export function randomIncrementalSession(seed: number): SessionRound[] {
  const rand = seededRandom(seed);
  const numVars = 30 + Math.floor(rand() * 60);
  const lit = (): number => (1 + Math.floor(rand() * numVars)) * (rand() < 0.5 ? 1 : -1);
  const rounds: SessionRound[] = [];
  for (let round = 0; round < 12; round++) {
    const clauses: Clause[] = [];
    const size = Math.floor(numVars * (0.2 + rand() * 0.5));
    for (let i = 0; i < size; i++) {
      const r = rand();
      const len = r < 0.03 ? 1 : r < 0.2 ? 2 : r < 0.9 ? 3 : 4 + Math.floor(rand() * 6);
      clauses.push(Array.from({ length: len }, lit));
    }
    rounds.push({ clauses, assumptions: Array.from({ length: Math.floor(rand() * 6) }, lit) });
  }
  return rounds;
}

/** Number of satisfying assignments over variables 1..numVars, by exhaustive search. */
export function bruteForceCount(cnf: Cnf): number {
  let count = 0;
  const model = new Uint8Array(cnf.numVars + 1);
  for (let a = 0; a < 2 ** cnf.numVars; a++) {
    for (let v = 1; v <= cnf.numVars; v++) model[v] = (a >> (v - 1)) & 1;
    if (falsifiedClause(cnf.clauses, model) === undefined) count++;
  }
  return count;
}

/** A clause of 1 to 3 random literals over variables 1..n (repeats and opposite pairs allowed), drawn from `random`. */
export function randomShortClause(random: () => number, n: number): Clause {
  const len = 1 + Math.floor(random() * 3);
  const out: Lit[] = [];
  for (let i = 0; i < len; i++) {
    const v = 1 + Math.floor(random() * n);
    out.push(random() < 0.5 ? v : -v);
  }
  return out;
}
