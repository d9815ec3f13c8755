// Part request figures for the admin screens (SPEC §2 Admin Overview and Part Requests, §3 Part
// request). Pure.

/** How many items a request asks for: the quantities of its lines summed. */
export function partRequestItemCount(items: readonly { qty: number }[]): number {
  return items.reduce((sum, item) => sum + item.qty, 0);
}

/** A request's value at catalogue prices (lines whose part is unknown count 0). */
export function partRequestTotal(
  lines: readonly { qty: number; part: { price: number } | null }[],
): number {
  return lines.reduce((sum, line) => sum + line.qty * (line.part?.price ?? 0), 0);
}
