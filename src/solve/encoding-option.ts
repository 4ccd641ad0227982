import { CARDINALITY_ENCODINGS, type CardinalityEncoding } from '../cnf/cardinality.js';
import type { AnyPuzzleType, EncodeOptions } from '../puzzle/types.js';

/**
 * Parses `--encoding` values: `key=value` pairs or bare values, comma-separated or repeated, e.g.
 * `totalizer`, `cardinality=cardnet,noTouch=pairs`, `lazy`. A bare value is matched against the
 * cardinality encodings and every variant the given types offer.
 */
export function parseEncoding(specs: readonly string[], types: readonly AnyPuzzleType[]): EncodeOptions {
  const out: EncodeOptions = {};
  const variant: Record<string, string> = {};
  for (const part of specs.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    const key = eq >= 0 ? part.slice(0, eq).trim() : undefined;
    const value = eq >= 0 ? part.slice(eq + 1).trim() : part;
    if (key === 'cardinality' || (key === undefined && (CARDINALITY_ENCODINGS as readonly string[]).includes(value))) {
      if (!(CARDINALITY_ENCODINGS as readonly string[]).includes(value)) {
        throw new Error(`unknown cardinality encoding '${value}' (choose from ${CARDINALITY_ENCODINGS.join(', ')})`);
      }
      out.cardinality = value as CardinalityEncoding;
      continue;
    }
    const offered = new Map<string, Set<string>>();
    for (const t of types) for (const [k, vs] of Object.entries(t.variants)) {
      const set = offered.get(k) ?? new Set<string>();
      vs.forEach((v) => set.add(v));
      offered.set(k, set);
    }
    if (key !== undefined) {
      const allowed = offered.get(key);
      if (!allowed) throw new Error(`unknown encoding option '${key}' (known: cardinality${[...offered.keys()].map((k) => `, ${k}`).join('')})`);
      if (!allowed.has(value)) throw new Error(`unknown value '${value}' for ${key} (choose from ${[...allowed].join(', ')})`);
      variant[key] = value;
      continue;
    }
    const keys = [...offered].filter(([, vs]) => vs.has(value)).map(([k]) => k);
    if (keys.length === 0) {
      const known = [...CARDINALITY_ENCODINGS, ...[...offered.values()].flatMap((s) => [...s])];
      throw new Error(`unknown encoding '${value}' (known: ${known.join(', ')})`);
    }
    for (const k of keys) variant[k] = value;
  }
  if (Object.keys(variant).length > 0) out.variant = variant;
  return out;
}

/** A short label for tables: `totalizer/noTouch=pairs`. */
export function encodingLabel(e: EncodeOptions): string {
  const parts = [e.cardinality ?? 'default'];
  for (const [k, v] of Object.entries(e.variant ?? {})) parts.push(`${k}=${v}`);
  return parts.join('/');
}
