/** At most this many words of a search are matched; more only slow the query down. */
const MAX_SEARCH_WORDS = 5;

/** The ILIKE patterns of a search box's words: each matched anywhere, with `%`, `_` and `\` taken literally. */
export function searchPatterns(q: string | undefined): string[] {
  const words = q?.trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS) ?? [];
  return words.map((word) => `%${word.replace(/[\\%_]/g, "\\$&")}%`);
}
