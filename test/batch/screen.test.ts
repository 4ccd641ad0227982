/**
 * The batch progress line's clock. It was drawn only when a row arrived, so while a slow puzzle
 * ran the line stood still ("246/248 puzzles | … | 1 s, ~1 s left" for a minute): the elapsed time
 * must keep moving while the line is on the screen, and stop when it is closed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchScreen } from '../../src/batch/screen.js';

beforeEach(() => { vi.useFakeTimers({ now: 0 }); });
afterEach(() => { vi.useRealTimers(); });

describe('BatchScreen progress line', () => {
  it('redraws the elapsed time while no row arrives, and stops once closed', () => {
    const err: string[] = [];
    const screen = new BatchScreen({ out: () => {}, err: (t) => { err.push(t); } }, { progress: true, columns: 120 });
    screen.progress({ done: 1, total: 3, unique: 1, other: 0 }, true);
    expect(err.at(-1)).toMatch(/1\/3 puzzles .* 0 s, ~0 s left$/);
    vi.advanceTimersByTime(5_000);
    expect(err.at(-1)).toMatch(/^\r\x1b\[2Ksolving \[.*\] 1\/3 puzzles \| 1 unique, 0 other \| 5 s, ~10 s left$/);
    screen.close();
    const drawn = err.length;
    vi.advanceTimersByTime(5_000);
    expect(err.length).toBe(drawn);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('draws nothing and keeps no timer without a terminal', () => {
    const err: string[] = [];
    const screen = new BatchScreen({ out: () => {}, err: (t) => { err.push(t); } }, { progress: false });
    screen.progress({ done: 1, total: 3, unique: 1, other: 0 }, true);
    vi.advanceTimersByTime(5_000);
    expect(err).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    screen.close();
  });
});
