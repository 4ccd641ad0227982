import type { AnyPuzzleType } from '../src/puzzle/types.js';
import { hashi } from './hashi/index.js';
import { bridgesSigns } from './bridges-signs/index.js';
import { akari } from './akari/index.js';
import { starBattle } from './starbattle/index.js';
import { blockParty } from './blockparty/index.js';

/**
 * Every puzzle type gridsat knows. A new type is one line here; nothing else in src/ names a type.
 */
const TYPES: AnyPuzzleType[] = [
  starBattle,
  akari,
  hashi,
  bridgesSigns,
  blockParty,
];

export function puzzleTypes(): readonly AnyPuzzleType[] {
  return TYPES;
}

/** Finds a type by id or alias (case-insensitive). */
export function findPuzzleType(name: string): AnyPuzzleType | undefined {
  const n = name.toLowerCase();
  return TYPES.find((t) => t.id === n || t.aliases.includes(n));
}
