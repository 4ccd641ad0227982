/**
 * One writer for everything a batch shows: NDJSON rows, notes and the progress line. When the rows
 * and the progress line share a terminal, the line is erased before a row is written and drawn
 * again below it, so rows stay whole and the summary never lands on top of them.
 */

export interface ScreenIO {
  /** Where rows go (standard output, or nowhere when they go to a file). */
  out(text: string): void;
  /** Notes, the progress line and (when rows are on standard output) the summary. */
  err(text: string): void;
}

export interface ScreenOptions {
  /** Draw a progress line on `err` (it is a terminal). */
  progress: boolean;
  /** Terminal width, to keep the progress line on one row. */
  columns?: number;
}

export interface Progress {
  done: number;
  total: number;
  unique: number;
  other: number;
}

const ERASE_LINE = '\r\x1b[2K';
/** Redraws at most this often; a row is written at once regardless. */
const REDRAW_MS = 100;
/** While no row arrives (a slow puzzle), the line is redrawn this often so its clock moves. */
const TICK_MS = 1000;

export class BatchScreen {
  private drawn = false;
  private closed = false;
  private pending: NodeJS.Timeout | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private lastDraw = 0;
  private state: Progress = { done: 0, total: 0, unique: 0, other: 0 };
  private readonly started = Date.now();

  constructor(private readonly io: ScreenIO, private readonly options: ScreenOptions) {}

  /** A finished row (one NDJSON line without its newline) for standard output. */
  row(line: string): void {
    this.erase();
    this.io.out(`${line}\n`);
    this.draw(true);
  }

  /** A message for the person watching (standard error), above the progress line. */
  note(text: string): void {
    this.erase();
    this.io.err(text.endsWith('\n') ? text : `${text}\n`);
    this.draw(true);
  }

  progress(p: Progress, force = false): void {
    this.state = p;
    this.draw(force);
  }

  /** Removes the progress line for good (before the summary). */
  close(): void {
    if (this.pending) { clearTimeout(this.pending); this.pending = undefined; }
    if (this.ticker) { clearInterval(this.ticker); this.ticker = undefined; }
    this.erase();
    this.closed = true;
  }

  private erase(): void {
    if (!this.drawn) return;
    this.io.err(ERASE_LINE);
    this.drawn = false;
  }

  private draw(force: boolean): void {
    if (!this.options.progress || this.closed || this.state.total === 0) return;
    const now = Date.now();
    if (!force && this.drawn && now - this.lastDraw < REDRAW_MS) {
      // Too soon: draw the latest state a moment later, so the line never lags behind the rows.
      this.pending ??= setTimeout(() => { this.pending = undefined; this.draw(true); }, REDRAW_MS - (now - this.lastDraw));
      this.pending.unref?.();
      return;
    }
    if (this.pending) { clearTimeout(this.pending); this.pending = undefined; }
    this.lastDraw = now;
    const { done, total, unique, other } = this.state;
    const elapsed = (now - this.started) / 1000;
    const eta = done > 0 && done < total ? `, ~${Math.ceil((elapsed / done) * (total - done))} s left` : '';
    const width = 24;
    const filled = Math.round((done / total) * width);
    let line = `solving [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} puzzles | ${unique} unique, ${other} other | ${elapsed.toFixed(0)} s${eta}`;
    // Never wider than the terminal: a wrapped line could not be erased with one sequence.
    const max = (this.options.columns ?? 80) - 1;
    if (line.length > max) line = line.slice(0, Math.max(0, max));
    this.io.err(`${this.drawn ? ERASE_LINE : ''}${line}`);
    this.drawn = true;
    if (!this.ticker) {
      this.ticker = setInterval(() => { if (this.drawn) this.draw(true); }, TICK_MS);
      this.ticker.unref?.();
    }
  }
}
