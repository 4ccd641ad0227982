/** pzpr's verdict on a generated solution (Star Battle, Light Up, Bridges), for the generate tests. */
import type { HashiSolution } from '../../encodings/hashi/puzzle.js';
import type { AkariSolution } from '../../encodings/akari/puzzle.js';
import type { StarBattleSolution } from '../../encodings/starbattle/puzzle.js';
import { openPzpr } from './pzpr.js';

/** Enters a solution on pzpr's board opened from gridsat's URL and returns pzpr's verdict. */
export function pzprVerdict(typeId: string, url: string, solution: unknown): { complete: boolean; text: string } {
  const p = openPzpr(url);
  const board = p.board;
  if (typeId === 'starbattle' || typeId === 'akari') {
    const stars = typeId === 'akari' ? (solution as AkariSolution).bulbs : (solution as StarBattleSolution);
    stars.forEach((row, r) => row.forEach((on, c) => { if (on) board.getc(2 * c + 1, 2 * r + 1).setQans(1); }));
  } else {
    for (const { a: [r1, c1], b: [r2, c2], count } of (solution as HashiSolution).bridges) {
      if (r1 === r2) for (let c = c1; c < c2; c++) board.getb(2 * c + 2, 2 * r1 + 1).setLineVal(count);
      else for (let r = r1; r < r2; r++) board.getb(2 * c1 + 1, 2 * r + 2).setLineVal(count);
    }
  }
  return p.check(true);
}

