/**
 * Where tests find the project and the shared data beside it. `../shared` (collections, seeds,
 * FORMATS.md) may be absent: tests that need it skip with a message naming what is missing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../..');
export const FIXTURES = path.join(REPO, 'fixtures');
export const SHARED = path.resolve(REPO, '../shared');
export const COLLECTIONS = path.join(SHARED, 'collections');
export const SEEDS = path.join(SHARED, 'seeds');
export const FORMATS_MD = path.join(SHARED, 'FORMATS.md');

/** A skip message for a shared file that is not there, or undefined when it is. */
export function missing(file: string): string | undefined {
  return existsSync(file) ? undefined : `skipped: ${file} not found (it lives in ../shared beside the project)`;
}
