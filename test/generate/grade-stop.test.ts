/**
 * `generate --difficulty` stops grading a puzzle once its grade is sure to be above the target
 * (src/explain/grade.ts scoreFloor). That must change nothing but the time: the same puzzles, the
 * same grades reported, as a search that grades every puzzle in full. With no upper end, it stops
 * once sure to be in range at the expert floor, and says so (`atLeast`). And when a search gives up,
 * its message says where the grades fell, so a user knows which way to change the settings.
 */
import { describe, expect, it } from 'vitest';
import { findPuzzleType } from '../../encodings/registry.js';
import { generateOne, GenerateError, type DifficultyTarget, type Grade, type Grader } from '../../src/generate/generate.js';
import { grader } from '../../src/generate/grade.js';
import { formatGenerated } from '../../src/generate/output.js';
import type { GenerateSettings } from '../../src/puzzle/generator.js';

const realGrader = grader!;

function run(typeId: string, settings: GenerateSettings, target: DifficultyTarget, grade: Grader, i: number, seed = 12) {
  const g = generateOne(findPuzzleType(typeId)!, settings, seed, i, undefined, { target, grade });
  const { ms: _ms, ...rest } = g;
  return rest;
}

describe('a grade stopped above the target changes nothing but the time', () => {
  const cases: [string, GenerateSettings, DifficultyTarget, number][] = [
    ['starbattle', { rows: 6, cols: 6, stars: 1 }, { level: 'easy' }, 4],
    ['akari', { rows: 7, cols: 7 }, { level: 'medium' }, 4],
    ['hashi', { rows: 10, cols: 10, maxBridges: 2 }, { max: 0.5 }, 4],
    ['akari', { rows: 7, cols: 7 }, { min: 1, max: 2.5 }, 3],
  ];
  it.each(cases)('%s %o %o: the same puzzles and grades, and some grade was stopped', (typeId, settings, target, count) => {
    let stopped = 0, full = 0;
    const inFull: Grader = (type, puzzle) => { full += 1; return realGrader(type, puzzle); };
    const stopping: Grader = (type, puzzle, stopAt) => {
      const g = realGrader(type, puzzle, stopAt);
      if (g?.atLeast) stopped += 1;
      return g;
    };
    for (let i = 0; i < count; i++) {
      const b = run(typeId, settings, target, stopping, i);
      expect(b.difficulty?.atLeast, 'a reported grade is never a floor').toBeUndefined();
      expect(b).toEqual(run(typeId, settings, target, inFull, i));
    }
    expect(full).toBeGreaterThan(count);
    // Otherwise the comparison above proved nothing.
    expect(stopped).toBeGreaterThan(0);
  });

  it('a target with no upper end (expert, or a range open above) stops only where the grade is sure to be expert and in range, and reports that floor', () => {
    // The floor is a true lower bound of the full grade, at the expert floor (5) or the range's
    // lower end if higher; a puzzle graded in full below that is reported exactly, as before.
    for (const target of [{ level: 'expert' }, { min: 2 }, { min: 6 }] as DifficultyTarget[]) {
      let floors = 0;
      const stopping: Grader = (type, puzzle, stopAt) => {
        const g = realGrader(type, puzzle, stopAt);
        if (g?.atLeast) {
          floors += 1;
          const full = realGrader(type, puzzle)!;
          expect(g.score).toBeGreaterThanOrEqual(Math.max(5, target.min ?? 0));
          expect(full.score).toBeGreaterThanOrEqual(g.score);
          expect([g.level, full.level]).toEqual(['expert', 'expert']);
        }
        return g;
      };
      for (let i = 0; i < 3; i++) {
        const d = run('akari', { rows: 8, cols: 8 }, target, stopping, i).difficulty!;
        expect(d.score).toBeGreaterThanOrEqual(target.min ?? 5);
        if (d.score >= Math.max(5, target.min ?? 0)) expect(d.atLeast, JSON.stringify(d)).toBe(true);
        else expect(d.atLeast).toBeUndefined();
      }
      // (Light Up 8×8 at 2 or more grades under 5 as often as not: its floors may not come up.)
      if (target.min !== 2) expect(floors, JSON.stringify(target)).toBeGreaterThan(0);
    }
  });

  it('a floor is printed as one: "at least" in text, atLeast in JSON', () => {
    const akari = findPuzzleType('akari')!;
    const floored = [0, 1, 2].map((i) => generateOne(akari, { rows: 8, cols: 8 }, 12, i, undefined, { target: { level: 'expert' }, grade: realGrader }))
      .find((g) => g.difficulty?.atLeast);
    expect(floored, 'one of the three was graded to a floor').toBeDefined();
    const d = floored!.difficulty!;
    expect(formatGenerated(akari, floored!, 'text').split('\n')[0]).toContain(`unique, expert (score at least ${d.score})`);
    expect(JSON.parse(formatGenerated(akari, floored!, 'json')).generated.difficulty).toMatchObject({ score: d.score, level: 'expert', atLeast: true });
  });

  it('onGraded is told each grade of the search, counted from 1', () => {
    const seen: [number, Grade][] = [];
    const g = generateOne(findPuzzleType('akari')!, { rows: 7, cols: 7 }, 12, 0, undefined,
      { target: { level: 'expert' }, grade: realGrader, onGraded: (n, grade) => seen.push([n, grade]) });
    expect(seen.map(([n]) => n)).toEqual(seen.map((_, i) => i + 1));
    expect(seen.length).toBe(g.difficulty!.graded);
    expect(seen[seen.length - 1]![1].score).toBe(g.difficulty!.score);
  });
});

describe('a search that gives up says where the grades fell', () => {
  const failure = (typeId: string, settings: GenerateSettings, target: DifficultyTarget): string => {
    try {
      run(typeId, settings, target, realGrader, 0);
    } catch (err) {
      expect(err).toBeInstanceOf(GenerateError);
      return (err as Error).message;
    }
    throw new Error('the search did not give up');
  };

  it('all below the target: the hardest met', () => {
    expect(failure('akari', { rows: 7, cols: 7 }, { min: 40, max: 50, tries: 3 }))
      .toMatch(/^no akari puzzle of difficulty score 40-50 among [1-3] unique puzzles graded: every one graded below it, the hardest \d+(\.\d+)? \((easy|medium|hard|expert)\)\. Try a larger size or an easier difficulty$/);
  });

  it('all above the target: the easiest met, as a floor where grading stopped there', () => {
    // Few 8x8 2★ Star Battles grade 0.5 or less, even with small regions (their first four here do not).
    expect(failure('starbattle', { rows: 8, cols: 8, stars: 2 }, { min: 0, max: 0.5, tries: 4 }))
      .toMatch(/^no starbattle puzzle of difficulty score 0-0.5 among 4 unique puzzles graded: every one graded above it, the easiest at least \d+(\.\d+)? \((easy|medium|hard|expert) or harder\)\. Try other settings/);
  });
});
