/** bench/results.md is made of `## ` sections; a partial run (`--only-…`, bench:web) rewrites only its own. */

/** What the header of a full run says about sections a partial run replaced later (see `measuredAlone`). */
export const MEASURED_ALONE_NOTE = 'A section marked "measured alone" comes from a partial run on the date it gives, not from this one.';

/**
 * A section as a partial run writes it into a file made by an earlier full run: a line under its
 * heading says so, with the command and date, so no reader takes it for part of the header's run.
 */
export function measuredAlone(section: string, command: string, date = new Date().toISOString().slice(0, 10)): string {
  const end = section.indexOf('\n');
  const heading = end < 0 ? section : section.slice(0, end);
  const rest = end < 0 ? '\n' : section.slice(end + 1);
  return `${heading}\n\n_Measured alone by \`${command}\` on ${date}, not in the run of the file's header._\n${rest}`;
}

/** Where one `## ` section starts (its heading) and ends (the next section or the closing line). */
function bounds(text: string, heading: string): { start: number; end: number } | undefined {
  const start = text.indexOf(heading);
  if (start < 0) return undefined;
  const next = text.slice(start + heading.length).search(/\n## |\n---\n/);
  return { start, end: next < 0 ? text.length : start + heading.length + next + 1 };
}

/** Replaces (or adds, before the closing line) one `## ` section of an existing results file. */
export function replaceSection(text: string, heading: string, section: string): string {
  const b = bounds(text, heading);
  if (!b) {
    const footer = text.lastIndexOf('---\nTotal');
    return footer < 0 ? `${text}\n${section}` : `${text.slice(0, footer)}${section}\n${text.slice(footer)}`;
  }
  return `${text.slice(0, b.start)}${section}${text.slice(b.end)}`;
}

/** One `## ` section of a results file, heading included, up to the next section or the closing line. */
export function sectionOf(text: string, heading: string): string | undefined {
  const b = bounds(text, heading);
  return b && text.slice(b.start, b.end);
}
