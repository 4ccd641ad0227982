/** Star Battle / Parks as a gridsat puzzle type. */
import type { PuzzleType } from '../../src/puzzle/types.js';
import { regionCount, type StarBattlePuzzle, type StarBattleSolution } from './puzzle.js';
import { COUNT_VARIANTS, encodeStarBattle, IMPLIED_VARIANTS, NO_TOUCH_VARIANTS } from './rules.js';
import { verifyStarBattle } from './verify.js';
import { renderSvg, renderText } from './render.js';
import { jsonFormat, starBattleToJson } from './formats/json.js';
import { puzzlinkFormat } from './formats/puzzlink.js';
import { jankoFormat } from './formats/janko.js';
import { starbattlelabFormat } from './formats/starbattlelab.js';
import { parksFormat } from './formats/parks.js';
import { pictureFormat } from './formats/picture.js';
import { sbnFormat } from './formats/sbn.js';

export type { StarBattlePuzzle, StarBattleSolution } from './puzzle.js';

export const starBattle: PuzzleType<StarBattlePuzzle, StarBattleSolution> = {
  id: 'starbattle',
  aliases: ['parks', 'star-battle'],
  // Order matters for detection: parks (integer rows) is tried before the looser picture format.
  formats: [jsonFormat, puzzlinkFormat, sbnFormat, jankoFormat, starbattlelabFormat, parksFormat, pictureFormat],
  variants: { noTouch: NO_TOUCH_VARIANTS, count: COUNT_VARIANTS, implied: IMPLIED_VARIANTS },
  encode: encodeStarBattle,
  verify: verifyStarBattle,
  renderText,
  renderSvg,
  svgCell: { size: 36, margin: 4 },
  toJson: starBattleToJson,
  solutionToJson: (solution) => solution.map((row) => row.map((star) => (star ? '*' : '.')).join('')),
  describe: (p) => `${p.rows}x${p.cols} ${p.stars}* ${regionCount(p)} regions`,
};
