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
