import { cellLabel } from './cells.js';

/**
 * Where in an input a problem was found. Line and column are 1-based, as editors show them; the
 * message names the cell counting from 1 too (`cell (1,1)` is the top-left one).
 */
export interface Location {
  /** File path, URL, or `<argument>` for a puzzle given on the command line. */
  source?: string;
  line?: number;
  column?: number;
  /**
   * A grid cell, 0-based `[row, col]` (data, like the JSON formats' cells), for errors about a cell
   * rather than a character. `formatLocated` writes it 1-based: `[2, 0]` reads `cell (3,1)`.
   */
  cell?: readonly [number, number];
}

/** A malformed input. The message always says where, so a user can fix the file. */
export class ParseError extends Error {
  readonly location: Location;
  readonly reason: string;

  constructor(reason: string, location: Location = {}) {
    super(formatLocated(reason, location));
    this.name = 'ParseError';
    this.reason = reason;
    this.location = location;
  }

  /** The same error, placed inside a larger input (a file, a line of a collection). */
  within(outer: Location): ParseError {
    const line = outer.line !== undefined && this.location.line !== undefined
      ? outer.line + this.location.line - 1
      : this.location.line ?? outer.line;
    return new ParseError(this.reason, {
      ...outer,
      ...this.location,
      source: outer.source ?? this.location.source,
      line,
      column: this.location.column ?? outer.column,
    });
  }
}

export function formatLocated(reason: string, loc: Location): string {
  const parts: string[] = [];
  if (loc.source) parts.push(loc.source);
  if (loc.line !== undefined) parts.push(`line ${loc.line}`);
  if (loc.column !== undefined) parts.push(`column ${loc.column}`);
  if (loc.cell) parts.push(`cell ${cellLabel(loc.cell[0], loc.cell[1])}`);
  return parts.length ? `${parts.join(', ')}: ${reason}` : reason;
}
