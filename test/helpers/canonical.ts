/** Comparing puzzles read from different formats. */
import type { AnyPuzzleType } from '../../src/puzzle/types.js';

/**
 * What makes two puzzles the same: the type's JSON, with names that are only presentation left
 * out (region labels, how a no-region cell was marked, a free-text note) and region ids numbered by
 * first appearance, since formats without labels number regions their own way.
 */
export function canonical(type: AnyPuzzleType, puzzle: unknown): unknown {
  const json = { ...(type.toJson(puzzle) as Record<string, unknown>) };
  delete json.labels;
  delete json.noRegionMarks;
  delete json.about;
  if (type.id === 'starbattle') {
    const ids = new Map<unknown, number>();
    json.regions = (json.regions as unknown[][]).map((row) => row.map((id) => {
      if (id === null) return null;
      if (!ids.has(id)) ids.set(id, ids.size);
      return ids.get(id);
    }));
  }
  if (Array.isArray(json.islands)) json.islands = [...json.islands].map((i) => JSON.stringify(i)).sort();
  return json;
}

