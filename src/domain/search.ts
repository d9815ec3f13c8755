// The list search every screen offers (SPEC §2): case-insensitive, trimmed, matching any field.

/** True when `search` is blank or any of `fields` contains it, ignoring case. */
export function matchesSearch(
  search: string,
  fields: readonly (string | null | undefined)[],
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => field?.toLowerCase().includes(needle));
}

/**
 * A row's searchable fields as one lower-cased text, computed once per list rather than per
 * keystroke (50k tickets). `matchesSearchText` then gives what matchesSearch gives on the fields:
 * a search never holds a line break, so it cannot match across two of them.
 */
export function searchText(fields: readonly (string | null | undefined)[]): string {
  return fields.filter(Boolean).join('\n').toLowerCase();
}

export function matchesSearchText(text: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || text.includes(needle);
}
