const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The label a region is shown with in text grids: the label its source gave it, else a letter
 * (A..Z, a..z), then its number once letters run out.
 */
export function regionLabelOf(labels: readonly string[] | undefined, id: number): string {
  const given = labels?.[id];
  if (given !== undefined) return given;
  return id < LETTERS.length ? LETTERS[id]! : String(id);
}
