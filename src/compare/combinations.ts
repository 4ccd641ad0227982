/**
 * What `compare` runs: every (encoding, engine) combination, and which puzzle types each one fits.
 */
import type { CardinalityEncoding } from '../cnf/cardinality.js';
import { parseEncoding } from '../solve/encoding-option.js';
import { encodingSpec } from './describe.js';
import type { AnyPuzzleType, EncodeOptions } from '../puzzle/types.js';
import { createSolver } from '../sat/index.js';
import { findExternalSolvers, KNOWN_BINARIES } from '../sat/external.js';
import type { EngineName } from '../sat/types.js';

/** The cardinality encodings compared by default (the at-most-one-only ones add little). */
export const DEFAULT_CARDINALITIES: readonly CardinalityEncoding[] = ['sequential', 'totalizer', 'cardnet', 'pairwise'];

export interface EncodingChoice {
  /** Table label, exactly as `--encodings` takes it: `totalizer`, `noTouch=window`, `cardnet,noTouch=pairs`. */
  label: string;
  options: EncodeOptions;
}

export interface EngineChoice {
  /** Table label: `wasm`, `minisat-js`, `external:cadical`. */
  label: string;
  engine: EngineName;
  binary?: string;
}

export interface Combination {
  /** `<encoding> @ <engine>`, unique within a comparison. */
  label: string;
  encoding: EncodingChoice;
  engine: EngineChoice;
}

/**
 * Parses one `--encodings` value (`totalizer`, `cardnet,noTouch=pairs`, `lazy`) against the given
 * types. Throws with the parser's message for an unknown name.
 */
export function parseEncodingChoice(spec: string, types: readonly AnyPuzzleType[]): EncodingChoice {
  const options = parseEncoding([spec], types);
  return { label: encodingSpec(options), options };
}

/**
 * Variants whose default means different things on different engines: Hashi's `in-engine`
 * connectivity runs inside the wasm engine and falls back to lazy cuts elsewhere. Their default
 * value gets a row of its own, so the table says which one a row measured.
 */
const ENGINE_DEPENDENT_VARIANTS: ReadonlySet<string> = new Set(['connectivity']);

/**
 * Default encodings: each compared cardinality encoding, plus every non-default value of every
 * variant the given types offer (with the default cardinality, so a row changes one thing), and
 * the default value too for the engine-dependent variants.
 */
export function defaultEncodings(types: readonly AnyPuzzleType[]): EncodingChoice[] {
  const out: EncodingChoice[] = DEFAULT_CARDINALITIES.map((c) => ({ label: c, options: { cardinality: c } }));
  const seen = new Set<string>();
  for (const type of types) {
    for (const [key, values] of Object.entries(type.variants)) {
      for (const value of ENGINE_DEPENDENT_VARIANTS.has(key) ? values : values.slice(1)) {
        const options: EncodeOptions = { variant: { [key]: value } };
        const label = encodingSpec(options);
        if (seen.has(label)) continue;
        seen.add(label);
        out.push({ label, options });
      }
    }
  }
  return out;
}

/**
 * True when every variant the encoding sets is one the type offers; otherwise the type would
 * silently ignore it and the row would just repeat its default encoding.
 */
export function encodingFits(choice: EncodingChoice, type: AnyPuzzleType): boolean {
  return Object.entries(choice.options.variant ?? {}).every(([k, v]) => type.variants[k]?.includes(v) ?? false);
}

/** Parses `wasm`, `minisat-js`, `external` (first native solver) or `external:<binary>`. */
export function parseEngineChoice(spec: string): EngineChoice {
  if (spec === 'wasm' || spec === 'minisat-js') return { label: spec, engine: spec };
  if (spec === 'external') {
    const first = findExternalSolvers()[0];
    if (!first) throw new Error(`no native SAT solver on the PATH (looked for ${KNOWN_BINARIES.join(', ')})`);
    return { label: `external:${first.name}`, engine: 'external', binary: first.name };
  }
  const m = /^external:(.+)$/.exec(spec);
  if (m) return { label: spec, engine: 'external', binary: m[1]! };
  throw new Error(`unknown engine '${spec}' (use wasm, minisat-js, external or external:<binary>)`);
}

/** Throws when the engine cannot be created here (wasm not built, binary not on the PATH). */
export function checkEngineAvailable(choice: EngineChoice): void {
  createSolver(choice.engine, choice.binary ? { binary: choice.binary } : {}).dispose();
}

/** Why an engine cannot run here, or undefined when it can. */
function unavailability(choice: EngineChoice): string | undefined {
  try {
    checkEngineAvailable(choice);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * Default engines: wasm, minisat-js and every known native solver on the PATH, keeping those that
 * load here; the others are returned with the reason so the caller can say what was left out.
 */
export function defaultEngines(): { engines: EngineChoice[]; skipped: { label: string; reason: string }[] } {
  const candidates: EngineChoice[] = [
    { label: 'wasm', engine: 'wasm' },
    { label: 'minisat-js', engine: 'minisat-js' },
    ...findExternalSolvers().map((b): EngineChoice => ({ label: `external:${b.name}`, engine: 'external', binary: b.name })),
  ];
  const engines: EngineChoice[] = [];
  const skipped: { label: string; reason: string }[] = [];
  for (const c of candidates) {
    const reason = unavailability(c);
    if (reason === undefined) engines.push(c);
    else skipped.push({ label: c.label, reason });
  }
  return { engines, skipped };
}

export function combinations(encodings: readonly EncodingChoice[], engines: readonly EngineChoice[]): Combination[] {
  return encodings.flatMap((encoding) =>
    engines.map((engine) => ({ label: `${encoding.label} @ ${engine.label}`, encoding, engine })));
}
