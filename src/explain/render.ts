/**
 * Explanations as text (a grid per step with the reason's cells marked), as JSON (steps as data)
 * and as SVG (one picture per step: the puzzle's own picture with what is decided so far, the
 * reason's cells shaded and the step's cells outlined).
 */
import { cellLabel } from '../geometry/grid.js';
import type { Cell } from '../cnf/model.js';
import type { Lit } from '../sat/types.js';
import type { AnyPuzzleType } from '../puzzle/types.js';
import type { Explainer, ExplainStep, Explanation, StepValue } from './explain.js';
import type { Difficulty } from './grade.js';

const key = (c: Cell): string => `${c[0]},${c[1]}`;

/** "(1,7) is a star; (1,8) has no star" */
export function describeValues(values: readonly StepValue[]): string {
  return values.map((v) => v.text).join('; ');
}

/** The reason of a step in words. */
export function describeReason(step: ExplainStep): string {
  const facts = step.facts.map((f) => f.text).join('; ');
  if (!step.facts.length) return `what is already decided: ${describeValues(step.given)}`;
  return step.given.length ? `${facts}; with ${describeValues(step.given)}` : facts;
}

export function stepHeadline(step: ExplainStep, n: number): string {
  const facts = `${step.facts.length} fact${step.facts.length === 1 ? '' : 's'}`;
  return `Step ${n} (${facts}, ${step.technique}): ${describeValues(step.values)}\n  because ${describeReason(step)}\n`;
}

/**
 * A map of the grid: `@` the cells this step decides, `#` cells of the reason's facts, `o` cells
 * decided earlier that the reason uses, `.` the rest.
 */
export function markGrid(rows: number, cols: number, step: ExplainStep): string[] {
  const mark = new Map<string, string>();
  for (const f of step.facts) for (const c of f.cells) mark.set(key(c), '#');
  for (const g of step.given) for (const c of g.cells) if (g.cells.length === 1 || !mark.has(key(c))) mark.set(key(c), 'o');
  for (const v of step.values) for (const c of v.cells) mark.set(key(c), '@');
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => mark.get(`${r},${c}`) ?? '.').join(''));
}

/**
 * The mark rows as the right-hand block beside a picture: row r beside line r, or, when the picture
 * draws a wall line above and below every row of cells (Block Party: `+---+---+`), beside line
 * 2r + 1, the line of row r's cells.
 */
function marksBesideCells(grid: string[], rows: number, marks: string[]): string[] {
  const framed = marks.length > 0 && grid.length >= 2 * rows + 1 && /^\+(-+\+)+$/.test(grid[0] ?? '');
  return framed ? Array.from({ length: 2 * rows + 1 }, (_, i) => (i % 2 === 1 ? marks[(i - 1) / 2]! : '')) : marks;
}

/** Two blocks of lines side by side. */
function besideEachOther(left: string[], right: string[]): string {
  // Only the lines with something beside them set the gap: a legend under the grid (Bridges with
  // signs) would push the right-hand column past its own width.
  const width = Math.max(0, ...left.slice(0, Math.max(1, right.length)).map((l) => [...l].length));
  const n = Math.max(left.length, right.length);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const l = left[i] ?? '';
    out.push(`${l}${' '.repeat(Math.max(0, width - [...l].length))}    ${right[i] ?? ''}`.trimEnd());
  }
  return out.join('\n') + '\n';
}

interface GridSize { rows: number; cols: number }

function gridSize(puzzle: unknown): GridSize {
  const p = puzzle as Partial<GridSize> & { width?: number; height?: number };
  return { rows: p.rows ?? p.height ?? 0, cols: p.cols ?? p.width ?? 0 };
}

/** Replays the steps on a fresh copy of the decided values, rendering each grid after its step. */
export function renderExplanationText(ex: Explainer, explanation: Explanation, start?: ReadonlyMap<number, boolean>): string {
  const { rows, cols } = gridSize(ex.puzzle);
  const decided = new Map<number, boolean>(start ?? []);
  const fixed = (lit: Lit): boolean | undefined => {
    const v = decided.get(Math.abs(lit));
    return v === undefined ? undefined : lit > 0 ? v : !v;
  };
  const out: string[] = [
    'Rows and columns count from 1, top left is (1,1). Beside each grid: @ decided by the step, # the cells its rules concern, o cells decided before that it uses.\n',
  ];
  explanation.steps.forEach((step, i) => {
    for (const v of step.values) decided.set(Math.abs(v.lit), v.value);
    out.push(`\n${stepHeadline(step, i + 1)}`);
    const grid = ex.encoded.renderDetermined(fixed).replace(/\n$/, '').split('\n');
    out.push(besideEachOther(grid, marksBesideCells(grid, rows, rows && cols ? markGrid(rows, cols, step) : [])));
  });
  out.push(`\n${conclusion(explanation)}`);
  if (explanation.alternative) out.push(renderAlternativeText(ex.type, ex.puzzle, explanation));
  return out.join('');
}

export function conclusion(explanation: Explanation): string {
  switch (explanation.status) {
    case 'solved': return `Solved in ${explanation.steps.length} steps.\n`;
    case 'none': return 'The puzzle has no solution.\n';
    case 'unknown': return `Stopped after ${explanation.steps.length} steps: ${explanation.message ?? 'a limit was reached'}.\n`;
    case 'stuck': return `After ${explanation.steps.length} steps no further cell is forced: ${explanation.message ?? 'the puzzle is not unique'}.\n`;
  }
}

function renderAlternativeText(type: AnyPuzzleType, puzzle: unknown, explanation: Explanation): string {
  const alt = explanation.alternative!;
  const lines = [`Two solutions differ only at ${alt.cells.map(([r, c]) => cellLabel(r, c)).join(' ')}:`];
  for (const d of alt.differences) lines.push(`  one has ${d.first.text}, the other ${d.second.text}`);
  return `${lines.join('\n')}\n${besideEachOther(type.renderText(puzzle, alt.first).replace(/\n$/, '').split('\n'),
    type.renderText(puzzle, alt.second).replace(/\n$/, '').split('\n'))}`;
}

function valueJson(v: StepValue): unknown {
  return { text: v.text, value: v.value, cells: v.cells };
}

/** Steps as data (cells are [row, col], 0-based, as in the rest of gridsat's JSON; the texts count from 1). */
export function explanationJson(type: AnyPuzzleType, explanation: Explanation, difficulty?: Difficulty): unknown {
  return {
    type: type.id,
    status: explanation.status,
    ...(explanation.message ? { message: explanation.message } : {}),
    facts: explanation.facts,
    steps: explanation.steps.map((s, i) => ({
      step: i + 1,
      decides: s.values.map(valueJson),
      because: s.facts.map((f) => ({ text: f.text, cells: f.cells })),
      given: s.given.map(valueJson),
      area: s.area,
      technique: s.technique,
      settles: s.settles,
      bounds: s.bounds,
      cheapest: s.cheapest,
    })),
    ...(explanation.solution !== undefined ? { solution: type.solutionToJson(explanation.solution) } : {}),
    ...(explanation.alternative ? {
      alternative: {
        cells: explanation.alternative.cells,
        first: type.solutionToJson(explanation.alternative.first),
        second: type.solutionToJson(explanation.alternative.second),
      },
    } : {}),
    ...(difficulty ? { difficulty } : {}),
  };
}

/**
 * One SVG per step: the type's picture of what is decided after the step (positive values drawn,
 * single-cell negative ones dotted), the reason's cells shaded orange, cells decided earlier that it
 * uses outlined blue, and the step's own cells outlined green; under it, unless `caption` is false
 * (a page that shows the words beside it), the step in words and what the colours mean.
 */
export function renderStepSvgs(
  ex: Explainer, explanation: Explanation, start?: ReadonlyMap<number, boolean>, { caption = true }: { caption?: boolean } = {},
): string[] {
  const geometry = ex.type.svgCell;
  const decided = new Map<number, boolean>(start ?? []);
  // A "no" dot means something only where one variable decides the cell (a star, a bulb): where
  // several do (Block Party's "(r,c) is k"), ruling one value out leaves the cell open.
  const perCell = new Map<string, number>();
  for (const v of ex.variables()) {
    const cells = ex.stepValue(v, true).cells;
    if (cells.length === 1) perCell.set(key(cells[0]!), (perCell.get(key(cells[0]!)) ?? 0) + 1);
  }
  return explanation.steps.map((step, i) => {
    for (const v of step.values) decided.set(Math.abs(v.lit), v.value);
    const fixed = (lit: Lit): boolean | undefined => {
      const v = decided.get(Math.abs(lit));
      return v === undefined ? undefined : lit > 0 ? v : !v;
    };
    const partial = ex.encoded.decodePartial ? ex.encoded.decodePartial(fixed) : ex.encoded.decode((lit) => fixed(lit) === true);
    const base = ex.type.renderSvg(ex.puzzle, partial);
    if (!geometry) return base;
    const { size, margin } = geometry;
    const rect = ([r, c]: Cell, attrs: string): string =>
      `<rect x="${margin + c * size}" y="${margin + r * size}" width="${size}" height="${size}" ${attrs}/>`;
    const overlay: string[] = [`<g class="explain-step-${i + 1}">`, `<title>${escapeXml(stepHeadline(step, i + 1))}</title>`];
    const shaded = new Map<string, Cell>();
    for (const f of step.facts) for (const c of f.cells) shaded.set(key(c), c);
    for (const c of shaded.values()) overlay.push(rect(c, 'fill="#ff8c00" fill-opacity="0.28"'));
    for (const [v, value] of decided) {
      const d = ex.stepValue(v, value);
      if (value || d.cells.length !== 1 || perCell.get(key(d.cells[0]!))! > 1) continue;
      const [r, c] = d.cells[0]!;
      overlay.push(`<circle cx="${margin + (c + 0.5) * size}" cy="${margin + (r + 0.5) * size}" r="${size * 0.08}" fill="#555"/>`);
    }
    for (const g of step.given) for (const c of g.cells.length === 1 ? g.cells : []) overlay.push(rect(c, 'fill="none" stroke="#1f5fd6" stroke-width="2.5"'));
    for (const v of step.values) for (const c of v.cells) overlay.push(rect(c, 'fill="none" stroke="#0a9d3a" stroke-width="4"'));
    overlay.push('</g>');
    const pictured = base.replace(/<\/svg>\s*$/, `${overlay.join('\n')}\n</svg>\n`);
    return caption ? withCaption(pictured, step, i + 1) : pictured;
  });
}

const CAPTION_FONT = 13;
const CAPTION_LINE = 17;
const LEGEND_FONT = 11;
/**
 * A character's width in em, estimated high: sans-serif averages about 0.55 em, but the bold
 * headline, digits and brackets run wider (a 37-character bold line overran 0.55 em by 2 px).
 */
const GLYPH_EM = 0.62;
/** The caption never wraps narrower than this many characters; a narrower picture gets a wider canvas. */
const MIN_CAPTION_CHARS = 24;

/**
 * The step in words under its picture, so that a picture read on its own says what it shows: the
 * headline, the reason, and what the outline colours mean. The SVG grows downwards to hold it.
 */
function withCaption(svg: string, step: ExplainStep, n: number): string {
  const head = /^<svg([^>]*?) viewBox="(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+)"([^>]*)>/.exec(svg);
  if (!head) return svg;
  const [minX, minY, pictureWidth, height] = [head[2], head[3], head[4], head[5]].map(Number) as [number, number, number, number];
  // Wrap the words to the picture's width; a picture too narrow for a readable line (a 4x1 map is
  // 160 px) grows to the right, so that no word is cut off at its edge.
  const width = Math.max(pictureWidth, Math.ceil(12 + MIN_CAPTION_CHARS * CAPTION_FONT * GLYPH_EM));
  const perLine = Math.floor((width - 12) / (CAPTION_FONT * GLYPH_EM));
  const [headline = '', because = ''] = stepHeadline(step, n).trim().split('\n').map((l) => l.trim());
  const headLines = wrap(headline, perLine);
  const lines = [...headLines, ...wrap(because, perLine)];
  const legendItems: [string, string, string][] = [
    ['#0a9d3a', 'green', 'decided here'],
    ...(step.facts.length ? [['#c46a00', 'orange', 'the reason\'s cells'] as [string, string, string]] : []),
    ...(step.given.length ? [['#1f5fd6', 'blue', 'decided before, used'] as [string, string, string]] : []),
  ];
  // The legend in a smaller font, its items packed into lines as the words are.
  const legendPerLine = Math.floor((width - 12) / (LEGEND_FONT * GLYPH_EM));
  const legendLines: [string, string, string][][] = [];
  for (const item of legendItems) {
    const last = legendLines.at(-1);
    const length = (items: [string, string, string][]) => items.reduce((n, [, c, t]) => n + c.length + t.length + 5, 0);
    if (last && length([...last, item]) <= legendPerLine) last.push(item); else legendLines.push([item]);
  }
  const extra = lines.length * CAPTION_LINE + legendLines.length * (LEGEND_FONT + 4) + 12;
  const top = minY + height;
  const text = (y: number, body: string, { size = CAPTION_FONT, fill = '#222', bold = false } = {}) =>
    `<text x="${minX + 6}" y="${y}" font-family="sans-serif" font-size="${size}" fill="${fill}"${bold ? ' font-weight="bold"' : ''}>${body}</text>`;
  const legendTop = top + lines.length * CAPTION_LINE + 6;
  const caption = [
    `<g class="explain-caption">`,
    `<rect x="${minX}" y="${top}" width="${width}" height="${extra}" fill="#ffffff"/>`,
    ...lines.map((line, k) => text(top + CAPTION_LINE * (k + 1), escapeXml(line), { bold: k < headLines.length })),
    ...legendLines.map((items, k) => text(legendTop + (LEGEND_FONT + 4) * (k + 1),
      items.map(([colour, name, meaning]) => `<tspan fill="${colour}">${name}</tspan>: ${escapeXml(meaning)}`).join(' · '), { size: LEGEND_FONT, fill: '#555' })),
    '</g>',
  ].join('\n');
  const grown = svg
    .replace(head[0], head[0].replace(/ viewBox="[^"]*"/, ` viewBox="${minX} ${minY} ${width} ${height + extra}"`)
      .replace(/ width="([\d.]+)"/, (_, w: string) => ` width="${(Number(w) * width) / pictureWidth}"`)
      .replace(/ height="([\d.]+)"/, (_, h: string) => ` height="${Number(h) + extra}"`))
    .replace(/<\/svg>\s*$/, `${caption}\n</svg>\n`);
  return grown;
}

/** Words to lines of at most `width` characters (a longer word gets a line of its own). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
