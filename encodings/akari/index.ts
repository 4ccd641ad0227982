/**
 * Akari / Light Up as a gridsat puzzle type.
 */
import type { PuzzleType } from '../../src/puzzle/types.js';
import type { AkariPuzzle, AkariSolution } from './puzzle.js';
import { AKARI_VARIANTS, encodeAkari } from './rules.js';
import { verifyAkari } from './verify.js';
import { renderAkariSvg, renderAkariText } from './render.js';
import { jsonFormat, toAkariJson } from './formats/json.js';
import { puzzlinkFormat } from './formats/puzzlink.js';
import { tathamFormat } from './formats/tatham.js';
import { pylistFormat } from './formats/pylist.js';
import { jankoFormat } from './formats/janko.js';
import { gridFormat } from './formats/grid.js';

export type { AkariPuzzle, AkariSolution } from './puzzle.js';

export const akari: PuzzleType<AkariPuzzle, AkariSolution> = {
  id: 'akari',
  aliases: ['lightup', 'light-up'],
  formats: [jsonFormat, puzzlinkFormat, tathamFormat, pylistFormat, jankoFormat, gridFormat],
  variants: AKARI_VARIANTS,
  encode: encodeAkari,
  verify: verifyAkari,
  renderText: renderAkariText,
  renderSvg: renderAkariSvg,
  svgCell: { size: 32, margin: 0 },
  toJson: toAkariJson,
  solutionToJson: (solution) => ({
    bulbs: solution.bulbs.flatMap((row, r) => row.flatMap((b, c) => (b ? [[r, c]] : []))),
  }),
  describe: (puzzle) => {
    const black = puzzle.cells.flat().filter((c) => c !== 'white').length;
    return `${puzzle.cols}x${puzzle.rows} ${black} black`;
  },
};
