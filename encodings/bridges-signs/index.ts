/** Bridges with sum signs (2018 MIT Mystery Hunt): registered in src/puzzle/registry.ts. */
import type { PuzzleType } from '../../src/puzzle/types.js';
import { CONNECTIVITY } from '../hashi/bridges.js';
import { CELL } from '../hashi/render.js';
import type { SignsPuzzle, SignsSolution } from './puzzle.js';
import { encodeSigns } from './rules.js';
import { verifySigns } from './verify.js';
import { renderSignsSvg, renderSignsText } from './render.js';
import { signsJsonFormat, toSignsJson } from './formats/json.js';

export const bridgesSigns: PuzzleType<SignsPuzzle, SignsSolution> = {
  id: 'bridges-signs',
  aliases: ['signs'],
  formats: [signsJsonFormat],
  variants: { connectivity: CONNECTIVITY },
  encode: encodeSigns,
  verify: verifySigns,
  renderText: (p, s) => renderSignsText(p, s),
  renderSvg: (p, s) => renderSignsSvg(p, s),
  svgCell: { size: CELL, margin: 0 },
  toJson: toSignsJson,
  solutionToJson: (s) => ({
    bridges: s.bridges.map((b) => ({ a: [...b.a], b: [...b.b], count: b.count })),
    values: s.values,
  }),
  describe: (p) => `${p.width}x${p.height} ${p.islands.length} islands ${p.signs.length} signs`,
};

export type { SignsPuzzle, SignsSolution } from './puzzle.js';
