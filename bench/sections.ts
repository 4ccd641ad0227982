/** bench/results.md is made of `## ` sections; a partial run (`--only-…`, bench:web) rewrites only its own. */

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
