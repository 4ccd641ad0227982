/** The Hashi (Bridges) puzzle type: registered in src/puzzle/registry.ts. */
import type { PuzzleType } from '../../src/puzzle/types.js';
import type { HashiPuzzle, HashiSolution } from './puzzle.js';
import { CONNECTIVITY } from './bridges.js';
import { encodeHashi, IMPLIED } from './rules.js';
import { verifyHashi } from './verify.js';
import { renderBridgesSvg, renderBridgesText } from './render.js';
import { tathamFormat } from './formats/tatham.js';
import { puzzlinkFormat } from './formats/puzzlink.js';
import { jankoFormat } from './formats/janko.js';
import { hashiJsonFormat, toHashiJson } from './formats/json.js';

export const hashi: PuzzleType<HashiPuzzle, HashiSolution> = {
  id: 'hashi',
  aliases: ['bridges', 'hashikake'],
  formats: [tathamFormat, puzzlinkFormat, jankoFormat, hashiJsonFormat],
  variants: { connectivity: CONNECTIVITY, implied: IMPLIED },
  encode: encodeHashi,
  verify: verifyHashi,
  renderText: (p, s) => renderBridgesText(p, s?.bridges ?? []),
  renderSvg: (p, s) => renderBridgesSvg(p, s?.bridges ?? []),
  svgCell: { size: 40, margin: 0 },
  toJson: toHashiJson,
  solutionToJson: (s) => ({ bridges: s.bridges.map((b) => ({ a: [...b.a], b: [...b.b], count: b.count })) }),
  describe: (p) => `${p.cols}x${p.rows} ${p.islands.length} islands m${p.maxBridges}${p.noLoops ? 'L' : ''}`,
};

export type { HashiPuzzle, HashiSolution } from './puzzle.js';
