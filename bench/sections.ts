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

/** Replaces (or adds, before the closing line) one `## ` section of an existing results file. */
export function replaceSection(text: string, heading: string, section: string): string {
  const start = text.indexOf(heading);
  if (start < 0) {
    const footer = text.lastIndexOf('---\nTotal');
    return footer < 0 ? `${text}\n${section}` : `${text.slice(0, footer)}${section}\n${text.slice(footer)}`;
  }
  const rest = text.slice(start + heading.length);
  const next = rest.search(/\n## |\n---\n/);
  return `${text.slice(0, start)}${section}${next < 0 ? '' : rest.slice(next + 1)}`;
}

/** One `## ` section of a results file, heading included, up to the next section or the closing line. */
export function sectionOf(text: string, heading: string): string | undefined {
  const start = text.indexOf(heading);
  if (start < 0) return undefined;
  const rest = text.slice(start + heading.length);
  const next = rest.search(/\n## |\n---\n/);
  return text.slice(start, next < 0 ? undefined : start + heading.length + next + 1);
}
