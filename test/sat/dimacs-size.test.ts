/** DIMACS headers that declare far more variables than the clauses use, or more than fit. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('gridsat sat on huge declared variable counts', () => {
  it('sizes the engine on the variables the clauses use, and says so', async () => {
    const r = await runCli(['sat', '-'], 'p cnf 1000000000 1\n1 -2 0\n');
    expect(r.code).toBe(10);
    expect(r.out).toContain('header declares 1000000000 variables but the clauses use only 1..2');
    const v = r.out.split('\n').filter((l) => l.startsWith('v '));
    expect(v).toHaveLength(1);
    // Two values and the terminating 0, one of which satisfies the clause.
    const lits = v[0]!.slice(2).split(' ').map(Number);
    expect(lits).toHaveLength(3);
    expect(lits[0] === 1 || lits[1] === -2).toBe(true);
  });

  it('refuses a formula that uses more variables than an engine can hold, saying why', async () => {
    for (const engine of ['wasm', 'minisat-js']) {
      const r = await runCli(['sat', '-', '--engine', engine], 'p cnf 20000000 1\n1 -20000000 0\n');
      expect(r.code).toBe(1);
      expect(r.err).toContain('the clauses use variable 20000000, but gridsat\'s engines hold at most 10,000,000 variables');
    }
  });

  it('still rejects a literal beyond the declared variables', async () => {
    const r = await runCli(['sat', '-'], 'p cnf 5 1\n1 -7 0\n');
    expect(r.code).toBe(1);
    expect(r.err).toContain('line 2, column 3: literal -7 exceeds the 5 declared variables');
  });
});
