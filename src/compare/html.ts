/**
 * The self-contained HTML report: the Markdown report (which this module turns into HTML; it only
 * needs the constructs compareMarkdown writes: headings, paragraphs, lists, tables, `code`, **bold**)
 * with each puzzle type's charts inlined as SVG after its table. No script, no external file.
 */
import type { Chart } from './chart.js';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inline(s: string): string {
  return escape(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

export function markdownToHtml(md: string): string {
  const out: string[] = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length;) {
    const line = lines[i]!;
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (heading) {
      out.push(`<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`);
      i++;
    } else if (line.startsWith('|')) {
      const head = cells(line);
      const align = cells(lines[i + 1] ?? '').map((c) => (c.endsWith(':') ? 'right' : 'left'));
      i += 2;
      const body: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) {
        body.push(`<tr>${cells(lines[i]!).map((c, k) => `<td style="text-align:${align[k]}">${inline(c)}</td>`).join('')}</tr>`);
        i++;
      }
      out.push(`<table><thead><tr>${head.map((c, k) => `<th style="text-align:${align[k]}">${inline(c)}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`);
    } else if (line.startsWith('- ')) {
      const items: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('- ')) items.push(`<li>${inline(lines[i++]!.slice(2))}</li>`);
      out.push(`<ul>${items.join('')}</ul>`);
    } else if (line.trim() === '') {
      i++;
    } else {
      const para: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && !/^(#|\||- )/.test(lines[i]!)) para.push(lines[i++]!);
      out.push(`<p>${inline(para.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}

const STYLE = `
body { font-family: Helvetica, Arial, sans-serif; max-width: 1500px; margin: 2em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; font-size: 13px; margin: 1em 0; }
th, td { border-bottom: 1px solid #ddd; padding: 4px 8px; white-space: nowrap; }
th { background: #f4f4f4; }
code { background: #f4f4f4; padding: 0 3px; }
figure { margin: 1.5em 0; overflow-x: auto; }
figcaption { font-size: 13px; color: #555; }
`;

/** The report: Markdown sections with each type's charts (`<type>-…` ids) after that type's section. */
export function compareHtml(markdown: string, charts: readonly { chart: Chart; svg: string }[]): string {
  const sections = markdown.split(/\n(?=## )/);
  const used = new Set<string>();
  const body = sections.map((section) => {
    const title = /^## (.*)$/m.exec(section)?.[1];
    const mine = charts.filter((c) => title !== undefined && c.chart.id.startsWith(`${title}-`));
    mine.forEach((c) => used.add(c.chart.id));
    return markdownToHtml(section) + mine.map((c) => `\n<figure>${c.svg}<figcaption>${escape(c.chart.title)}</figcaption></figure>`).join('');
  });
  const rest = charts.filter((c) => !used.has(c.chart.id)).map((c) => `<figure>${c.svg}<figcaption>${escape(c.chart.title)}</figcaption></figure>`);
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>gridsat compare</title><style>${STYLE}</style></head>\n<body>\n${body.join('\n')}\n${rest.join('\n')}\n</body></html>\n`;
}
