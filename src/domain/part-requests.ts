// Part request rules (SPEC §4 Part request, §5 Cart): the lines a request stores and the stock
// check. Pure. src/data/effects/equipment.ts and part_request_create (SQL) apply them.

export interface RequestLine {
  partId: string;
  qty: number;
}

/** The same part twice is one line with the quantities summed, in first-seen order. */
export function mergeRequestLines(items: readonly RequestLine[]): RequestLine[] {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.partId, (merged.get(item.partId) ?? 0) + item.qty);
  return [...merged].map(([partId, qty]) => ({ partId, qty }));
}

/** A request cannot ask for more than is in stock (stock is checked, not decremented). */
export function stockRefusal(
  line: RequestLine,
  part: { name: string; stock: number },
): string | null {
  return line.qty > part.stock ? `Only ${part.stock} of ${part.name} in stock` : null;
}
