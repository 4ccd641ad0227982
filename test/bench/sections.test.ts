import { describe, expect, it } from 'vitest';
import { measuredAlone, replaceSection, sectionOf } from '../../bench/sections.js';

// A results file as `npm run bench` writes it: sections, then the closing total line.
const RESULTS = [
  '# Benchmarks\n',
  '## Engines\nengine table\n',
  '## In the browser (the web page)\nbrowser table\n',
  '## CLI start-up\nstart-up table\n',
  '---\nTotal benchmark time 60 s.\n',
].join('\n');

describe('bench results sections', () => {
  it('reads one section, heading included, up to the next heading', () => {
    expect(sectionOf(RESULTS, '## In the browser')).toBe('## In the browser (the web page)\nbrowser table\n\n');
    expect(sectionOf(RESULTS, '## CLI start-up')).toBe('## CLI start-up\nstart-up table\n\n');
    expect(sectionOf(RESULTS, '## Missing')).toBeUndefined();
  });

  it('carries a section from an old file into a fresh run that lacks it, before the total line', () => {
    const old = sectionOf(RESULTS, '## In the browser')!;
    const fresh = '# Benchmarks\n\n## Engines\nnew engine table\n\n---\nTotal benchmark time 61 s.\n';
    const merged = replaceSection(fresh, '## In the browser', old);
    expect(merged).toContain('new engine table');
    expect(merged).toContain('browser table');
    expect(merged.indexOf('browser table')).toBeLessThan(merged.indexOf('Total benchmark time 61 s.'));
    expect(merged).not.toContain('60 s.');
  });

  it('replaces a section in place and keeps the others', () => {
    const merged = replaceSection(RESULTS, '## In the browser', '## In the browser (the web page)\nnew browser\n\n');
    expect(merged).toContain('new browser');
    expect(merged).not.toContain('browser table');
    expect(merged).toContain('engine table');
    expect(merged).toContain('start-up table');
    expect(sectionOf(merged, '## CLI start-up')).toBe('## CLI start-up\nstart-up table\n\n');
  });

  it('marks a section a partial run wrote, under its heading, and the mark survives a later carry-over', () => {
    const fresh = measuredAlone('## CLI start-up\n\nnew start-up table\n', 'npm run bench -- --only-startup', '2026-11-24');
    expect(fresh).toBe('## CLI start-up\n\n_Measured alone by `npm run bench -- --only-startup` on 2026-11-24, not in the run of the file\'s header._\n\nnew start-up table\n');
    const merged = replaceSection(RESULTS, '## CLI start-up', `${fresh}\n`);
    expect(sectionOf(merged, '## CLI start-up')).toBe(`${fresh}\n`);
    expect(sectionOf(merged, '## In the browser')).toBe('## In the browser (the web page)\nbrowser table\n\n');
  });
});
