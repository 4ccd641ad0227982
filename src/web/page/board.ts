/**
 * The player's grid: where progress is entered for Hint, as clicks on a drawn grid (Star Battle,
 * Light Up) or as text in the notation of `gridsat hint --progress` (every explainable type; the
 * only way for Bridges, bridges with signs and Block Party). The two stay in step: a click rewrites the text, and text that reads as a
 * grid of the right size redraws the clicks. The worker reads the text (src/explain/progress.ts),
 * so this file only has to write it the way that reader reads it:
 * - Star Battle: cells separated by spaces; `*` star, `x` no star, `?` undecided.
 * - Light Up: one character per cell; `*` bulb, `+` no bulb, `.` undecided; black cells as given.
 *
 * Keyboard: Tab enters the grid (one cell is in the tab order), the arrow keys move, Space or Enter
 * cycles the cell, and `*` / `x` / `.` (or Delete) set it directly.
 */
import type { Board } from './protocol.js';

type State = 'unknown' | 'yes' | 'no';
const CYCLE: Record<State, State> = { unknown: 'yes', yes: 'no', no: 'unknown' };

interface Words { yes: string; no: string; unknown: string }
const WORDS: Record<'starbattle' | 'akari', Words> = {
  starbattle: { yes: 'star', no: 'no star', unknown: 'undecided' },
  akari: { yes: 'bulb', no: 'no bulb', unknown: 'undecided' },
};

/** Pale fills for Star Battle's regions when the board names none (the worker sends the renderer's). */
const REGION_FILLS = ['#e8f0fe', '#fef3e2', '#e6f4ea', '#fce8f3', '#f3e8fd', '#e4f7fb', '#fff8d6', '#fde7e7', '#eef1f4', '#e9f5e1', '#f6eadf', '#e3ecf9'];

export class PlayerGrid {
  private board: Board | undefined;
  private states: State[][] = [];
  private buttons: HTMLButtonElement[][] = [];
  private focus: [number, number] = [0, 0];

  constructor(private readonly gridEl: HTMLElement, private readonly text: HTMLTextAreaElement, private readonly onChange: () => void = () => undefined) {
    text.addEventListener('input', () => this.readText());
    gridEl.addEventListener('keydown', (event) => this.key(event));
    gridEl.addEventListener('click', (event) => {
      const cell = (event.target as HTMLElement).closest<HTMLButtonElement>('button.cell');
      if (!cell) return;
      const r = Number(cell.dataset.row);
      const c = Number(cell.dataset.col);
      this.moveFocus(r, c);
      if (!this.isBlack(r, c)) this.set(r, c, CYCLE[this.states[r]![c]!]);
    });
  }

  /** Shows the empty grid for a newly solved puzzle (no board: nothing to enter progress on). */
  show(board: Board | undefined): void {
    this.board = board;
    this.gridEl.replaceChildren();
    this.buttons = [];
    this.states = [];
    this.text.value = board?.empty ?? '';
    this.text.rows = Math.min(Math.max(board ? board.empty.split('\n').length : 3, 3), 16);
    if (!board || (board.type !== 'starbattle' && board.type !== 'akari')) {
      this.gridEl.hidden = true;
      return;
    }
    this.gridEl.hidden = false;
    const words = WORDS[board.type];
    this.gridEl.style.setProperty('--cols', String(board.cols));
    this.gridEl.setAttribute('aria-label', `Your grid, ${board.rows} rows by ${board.cols} columns: ${words.yes}, ${words.no} or undecided in each cell`);
    const regions = [...new Set(board.cells.flat())];
    this.focus = [0, 0];
    for (let r = 0; r < board.rows; r++) {
      this.states.push([]);
      this.buttons.push([]);
      for (let c = 0; c < board.cols; c++) {
        const given = board.cells[r]![c]!;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'cell';
        button.tabIndex = r === 0 && c === 0 ? 0 : -1;
        button.dataset.row = String(r);
        button.dataset.col = String(c);
        if (board.type === 'starbattle') {
          button.style.background = board.fills?.[r]?.[c] ?? REGION_FILLS[regions.indexOf(given) % REGION_FILLS.length]!;
          if (c + 1 < board.cols && board.cells[r]![c + 1] !== given) button.classList.add('edge-right');
          if (r + 1 < board.rows && board.cells[r + 1]![c] !== given) button.classList.add('edge-bottom');
        } else if (given !== '.') {
          button.classList.add('black');
          button.textContent = given === '#' ? '' : given;
          button.setAttribute('aria-disabled', 'true');
        }
        this.states[r]!.push('unknown');
        this.buttons[r]!.push(button);
        this.gridEl.append(button);
      }
    }
    this.paint();
  }

  /** Applies decided values (a hint's step): true is a star / bulb, false none. */
  apply(values: readonly { row: number; col: number; value: boolean }[]): void {
    for (const { row, col, value } of values) if (this.states[row]?.[col] !== undefined && !this.isBlack(row, col)) this.states[row]![col] = value ? 'yes' : 'no';
    this.writeText();
    this.paint();
    this.onChange();
  }

  /** Marks the cells of wrong entries (none clears the marks). */
  markWrong(cells: readonly (readonly [number, number])[]): void {
    for (const row of this.buttons) for (const b of row) { b.classList.remove('wrong'); b.removeAttribute('aria-invalid'); }
    for (const [r, c] of cells) {
      const b = this.buttons[r]?.[c];
      if (b) { b.classList.add('wrong'); b.setAttribute('aria-invalid', 'true'); }
    }
  }

  clear(): void {
    this.show(this.board);
    this.onChange();
  }

  private isBlack(r: number, c: number): boolean {
    return this.board?.type === 'akari' && this.board.cells[r]![c] !== '.';
  }

  private set(r: number, c: number, state: State): void {
    this.states[r]![c] = state;
    this.writeText();
    this.paint();
    this.onChange();
  }

  private writeText(): void {
    const board = this.board;
    if (!board || (board.type !== 'starbattle' && board.type !== 'akari')) return;
    this.text.value = this.states.map((row, r) => board.type === 'starbattle'
      ? row.map((s) => (s === 'yes' ? '*' : s === 'no' ? 'x' : '?')).join(' ')
      : row.map((s, c) => (this.isBlack(r, c) ? board.cells[r]![c]! : s === 'yes' ? '*' : s === 'no' ? '+' : '.')).join('')).join('\n');
  }

  /** Text typed into the box redraws the grid when it reads as a grid of the puzzle's size. */
  private readText(): void {
    const board = this.board;
    this.onChange();
    if (!board || (board.type !== 'starbattle' && board.type !== 'akari')) return;
    const lines = this.text.value.replace(/\r/g, '').split('\n').filter((l) => l.trim() !== '');
    if (lines.length !== board.rows) return;
    const cells = lines.map((l) => (board.type === 'starbattle' ? l.trim().split(/\s+/) : [...l.trimEnd()]));
    if (cells.some((row) => row.length !== board.cols)) return;
    this.states = cells.map((row, r) => row.map((t, c): State => {
      if (this.isBlack(r, c)) return 'unknown';
      if (t === '*') return 'yes';
      if (board.type === 'starbattle') return t === '?' ? 'unknown' : 'no';
      return t === '+' || t === 'x' || t === 'X' ? 'no' : 'unknown';
    }));
    this.paint();
  }

  /** Draws the states: symbols, lit cells (Light Up), and each cell's spoken label. */
  private paint(): void {
    const board = this.board;
    if (!board || (board.type !== 'starbattle' && board.type !== 'akari')) return;
    const words = WORDS[board.type];
    const lit = board.type === 'akari' ? this.litCells() : undefined;
    this.buttons.forEach((row, r) => row.forEach((b, c) => {
      if (this.isBlack(r, c)) {
        b.setAttribute('aria-label', `row ${r + 1}, column ${c + 1}: black${b.textContent ? ` ${b.textContent}` : ''}`);
        return;
      }
      const state = this.states[r]![c]!;
      b.dataset.state = state;
      b.textContent = state === 'yes' ? (board.type === 'starbattle' ? '★' : '●') : state === 'no' ? (board.type === 'starbattle' ? '×' : '•') : '';
      b.classList.toggle('lit', lit?.has(r * board.cols + c) ?? false);
      const region = board.type === 'starbattle' ? `, region ${board.cells[r]![c]}` : '';
      b.setAttribute('aria-label', `row ${r + 1}, column ${c + 1}${region}: ${words[state]}`);
    }));
  }

  /** Light Up: the cells a bulb lights (its own, and along its row and column up to a black cell). */
  private litCells(): Set<number> {
    const board = this.board!;
    const lit = new Set<number>();
    this.states.forEach((row, r) => row.forEach((s, c) => {
      if (s !== 'yes') return;
      lit.add(r * board.cols + c);
      for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0]] as const) {
        for (let y = r + dr, x = c + dc; y >= 0 && y < board.rows && x >= 0 && x < board.cols && !this.isBlack(y, x); y += dr, x += dc) lit.add(y * board.cols + x);
      }
    }));
    return lit;
  }

  private moveFocus(r: number, c: number): void {
    const [fr, fc] = this.focus;
    this.buttons[fr]?.[fc]?.setAttribute('tabindex', '-1');
    this.focus = [r, c];
    const b = this.buttons[r]![c]!;
    b.tabIndex = 0;
    b.focus();
  }

  private key(event: KeyboardEvent): void {
    const board = this.board;
    const target = event.target;
    if (!board || !(target instanceof HTMLButtonElement) || target.dataset.row === undefined) return;
    const r = Number(target.dataset.row);
    const c = Number(target.dataset.col);
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      this.moveFocus(Math.min(board.rows - 1, Math.max(0, r + move[0])), Math.min(board.cols - 1, Math.max(0, c + move[1])));
      return;
    }
    if (this.isBlack(r, c)) return;
    const direct: Record<string, State> = { '*': 'yes', s: 'yes', b: 'yes', x: 'no', '+': 'no', '-': 'no', '.': 'unknown', '?': 'unknown', Delete: 'unknown', Backspace: 'unknown' };
    const state = direct[event.key];
    if (state) {
      event.preventDefault();
      this.set(r, c, state);
    }
  }
}
