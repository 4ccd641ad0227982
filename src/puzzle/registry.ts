import type { AnyPuzzleType } from './types.js';
import { hashi } from '../../encodings/hashi/index.js';
import { bridgesSigns } from '../../encodings/bridges-signs/index.js';
import { akari } from '../../encodings/akari/index.js';
import { starBattle } from '../../encodings/starbattle/index.js';
import { blockParty } from '../../encodings/blockparty/index.js';

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
