/**
 * What each encoding in a comparison is, in one line: the report opens with these, so a reader
 * knows what `totalizer` or `noTouch=window` means before reading its numbers.
 */
import type { EncodeOptions } from '../puzzle/types.js';

/** The cardinality encodings, as their modules in src/cnf/cardinality/ describe them. */
const CARDINALITY: Record<string, string> = {
  sequential: 'sequential counter (Sinz 2005): registers "at least r of the first i are true"; O(n·k) clauses and variables (gridsat\'s default)',
  totalizer: 'totalizer (Bailleux & Boufkhad 2003): a binary tree of unary counters capped at the bound; O(n log n) variables',
  cardnet: 'cardinality networks (Asín et al. 2011): sorting networks of 2-comparators cut at the bound; O(n log² k) clauses',
  pairwise: 'binomial ("pairwise"): every (k+1)-subset holds a false literal; no auxiliary variables, C(n, k+1) clauses (sequential above a size cap)',
  ladder: 'ladder (Gent & Nightingale 2004) for at-most-one: n−1 monotone step variables; other bounds sequential',
  commander: 'commander (Klieber & Kwon 2007) for at-most-one: groups with commander variables, recursively; other bounds sequential',
  bitwise: 'bitwise (Frisch et al. 2005) for at-most-one: ⌈log₂ n⌉ bits spell the chosen input; other bounds sequential',
};

/** The puzzle-specific variants (`key=value`), as each type's rules.ts describes them. */
const VARIANT: Record<string, string> = {
  'noTouch=pairs': 'Star Battle no-touch as one binary clause per pair of touching cells',
  'noTouch=window': 'Star Battle no-touch as "at most one star in every 2×2 window"',
  'count=auto': 'Star Battle counts apart from 3 stars per row up, plain below (the default)',
  'count=apart': 'Star Battle rows, columns and regions counted by totalizers over cells in place order, each node capped at the most stars its cells hold without touching',
  'count=plain': 'Star Battle rows, columns and regions each counted alone with the cardinality encoding',
  'implied=auto': 'Star Battle implied rules (bands and confinement) from 4 stars per row up, none below (the default)',
  'implied=bands': 'Star Battle implied rule: two adjacent rows (columns) fill 2S of their 2×2 blocks, at most B − 2S empty',
  'implied=confined': 'Star Battle implied rules: the bands, and k regions lying inside m adjacent rows (columns) leave the rest of those rows exactly (m − k)·S stars',
  'implied=none': 'no implied rules written up front (Star Battle: no bands or confinement; Hashi: no small groups)',
  'connectivity=lazy': 'Hashi connectivity by lazy cuts: solve, and when the bridges split the islands, add a clause that some bridge leaves that part; repeat',
  'connectivity=eager': 'Hashi connectivity up front: distances from a root island in order encoding, every island reachable',
  'connectivity=in-engine': 'Hashi connectivity inside the SAT engine: a propagator finds split islands and forced bridges during the search, and with no loops (L) keeps the bridges a tree (wasm engine; lazy cuts, and n - 1 connections written out, on engines without it)',
  'coverage=direct': 'Akari coverage: one clause per white cell over the cells that see it',
  'coverage=run-vars': 'Akari coverage: one literal per row/column run ("the run holds a bulb"), binary clause per cell',
  'distance=direct': 'Block Party distance rule as pairwise clauses over the cells closer than K',
  'distance=cones': 'Block Party distance rule over shared "some K in this part of the grid" literals',
};

/**
 * The label a combination's encoding gets: exactly what `--encodings` takes for it, e.g.
 * `totalizer`, `noTouch=window`, `cardnet,noTouch=pairs`; `sequential` when nothing is chosen.
 */
export function encodingSpec(options: EncodeOptions): string {
  const parts: string[] = [];
  if (options.cardinality) parts.push(options.cardinality);
  for (const [k, v] of Object.entries(options.variant ?? {})) parts.push(`${k}=${v}`);
  return parts.length > 0 ? parts.join(',') : 'sequential';
}

/** One line saying what the encoding is (its cardinality encoding and each variant). */
export function describeEncoding(options: EncodeOptions): string {
  const parts: string[] = [];
  if (options.cardinality || !options.variant) {
    const c = options.cardinality ?? 'sequential';
    parts.push(CARDINALITY[c] ?? c);
  }
  for (const [k, v] of Object.entries(options.variant ?? {})) {
    parts.push(VARIANT[`${k}=${v}`] ?? `${k}=${v}`);
  }
  if (!options.cardinality && options.variant) parts.push('cardinality constraints as the sequential counter (the default)');
  return parts.join('; ');
}
