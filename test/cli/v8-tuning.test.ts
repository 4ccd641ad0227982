import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const { v8Flags } = createRequire(import.meta.url)('../../bin/v8-tuning.js') as {
  v8Flags(argv: string[], execArgv: string[], cores: number): string[];
};
const CAP = '--max-inlined-bytecode-size-cumulative=100';

describe('the V8 flags bin/gridsat.js sets for itself', () => {
  it('caps TurboFan inlining for the commands that run our JavaScript', () => {
    for (const command of ['generate', 'explain', 'solve', 'batch', 'hint']) {
      expect(v8Flags([command, 'x'], [], 2)).toContain(CAP);
    }
  });

  it('leaves inlining at V8\'s default for compare, which times logic-solver', () => {
    expect(v8Flags(['compare', 'f.txt'], [], 2).some((f) => f.includes('inlined'))).toBe(false);
    expect(v8Flags(['--no-progress', 'compare'], [], 2).some((f) => f.includes('inlined'))).toBe(false);
  });

  it('leaves alone what the user gave node', () => {
    expect(v8Flags(['generate'], ['--max-inlined-bytecode-size-cumulative=920'], 2).some((f) => f.includes('inlined'))).toBe(false);
    expect(v8Flags(['generate'], ['--no-turbo-inlining'], 2).some((f) => f.includes('inlined'))).toBe(false);
    expect(v8Flags(['solve'], ['--wasm-num-compilation-tasks=8'], 2).some((f) => f.includes('wasm'))).toBe(false);
  });

  it('keeps one wasm compile thread per spare core', () => {
    expect(v8Flags(['solve'], [], 2)).toContain('--wasm-num-compilation-tasks=1');
    expect(v8Flags(['solve'], [], 8)).toContain('--wasm-num-compilation-tasks=7');
    expect(v8Flags(['solve'], [], 1)).toContain('--wasm-num-compilation-tasks=1');
  });
});
