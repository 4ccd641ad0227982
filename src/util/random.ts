/**
 * mulberry32: a small, fast, seeded PRNG. The same seed always gives the same sequence, so a seed
 * names a generated formula or puzzle in tests and benchmarks.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Each draw only adds the constant to the state, so n draws are one multiply-add (see skipDraws).
  skippers.set(next, (n) => { a = (a + Math.imul(n, 0x6d2b79f5)) >>> 0; });
  return next;
}

const skippers = new WeakMap<() => number, (n: number) => void>();

/**
 * Advances `random` by n draws without making them: at once for seededRandom's generators, else by
 * drawing. The numbers after are the same either way.
 */
export function skipDraws(random: () => number, n: number): void {
  const skip = skippers.get(random);
  if (skip) { skip(n); return; }
  for (let i = 0; i < n; i++) random();
}

/** Shuffles `items` in place with the seeded PRNG (Fisher–Yates) and returns them. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
