/**
 * Encoding variants (`--encoding key=value`): each type declares the values a key allows, the first
 * being the default, and reads its choice through `variantOf` so every type words a bad value alike.
 */
import type { EncodeOptions } from './types.js';

export function variantOf<V extends string>(typeId: string, options: EncodeOptions, key: string, allowed: readonly V[]): V {
  const value = options.variant?.[key];
  if (value === undefined) return allowed[0]!;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`unknown ${typeId} ${key} variant '${value}' (expected ${allowed.join(', ')})`);
  }
  return value as V;
}
