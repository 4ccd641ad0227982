/**
 * The Block Party puzzle type (Jane Street, June 2022): see puzzle.ts for the rules.
 */
import type { PuzzleType } from '../../src/puzzle/types.js';
import { blockPartyToJson, jsonFormat } from './formats/json.js';
import { textFormat } from './formats/text.js';
import { answer, regionCount, type BlockPartyPuzzle, type BlockPartySolution } from './puzzle.js';
import { CELL, MARGIN, renderBlockPartySvg, renderBlockPartyText } from './render.js';
import { DISTANCE_VARIANTS, encodeBlockParty } from './rules.js';
import { verifyBlockParty } from './verify.js';

export { answer } from './puzzle.js';
export type { BlockPartyPuzzle, BlockPartySolution } from './puzzle.js';

export const blockParty: PuzzleType<BlockPartyPuzzle, BlockPartySolution> = {
  id: 'blockparty',
  aliases: ['block-party'],
  formats: [textFormat, jsonFormat],
  variants: { distance: DISTANCE_VARIANTS },
  encode: encodeBlockParty,
  verify: verifyBlockParty,
  renderText: renderBlockPartyText,
  renderSvg: renderBlockPartySvg,
  svgCell: { size: CELL, margin: MARGIN },
  checkPublished: (puzzle, solution) => (puzzle.answer !== undefined && answer(solution) !== puzzle.answer
    ? `the computed answer ${answer(solution)} differs from the published ${puzzle.answer}`
    : undefined),
  toJson: blockPartyToJson,
  // The value grid, and Jane Street's answer figure computed from it.
  solutionToJson: (solution) => ({ values: solution, answer: answer(solution) }),
  describe: (puzzle) => {
    const givens = puzzle.givens.flat().filter((v) => v !== null).length;
    return `${puzzle.rows}x${puzzle.cols} ${regionCount(puzzle)} regions ${givens} givens`;
  },
};
