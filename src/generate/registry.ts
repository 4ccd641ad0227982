/** The generator of each puzzle type that has one (bridges-signs has none). */
import type { AnyPuzzleGenerator } from '../puzzle/generator.js';
import { akariGenerator } from '../../encodings/akari/generate.js';
import { blockPartyGenerator } from '../../encodings/blockparty/generate.js';
import { hashiGenerator } from '../../encodings/hashi/generate.js';
import { starBattleGenerator } from '../../encodings/starbattle/generate.js';

const GENERATORS: Record<string, AnyPuzzleGenerator> = {
  starbattle: starBattleGenerator,
  akari: akariGenerator,
  hashi: hashiGenerator,
  blockparty: blockPartyGenerator,
};

/** The generator for a canonical type id, or undefined. */
export function generatorFor(typeId: string): AnyPuzzleGenerator | undefined {
  return GENERATORS[typeId];
}

export function generatableTypes(): string[] {
  return Object.keys(GENERATORS);
}
