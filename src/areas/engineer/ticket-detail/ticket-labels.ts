/**
 * How the engineer screens name a ticket's customer and chair (SPEC §2 Support Tickets, §8
 * fallback labels), and the list search over title, description, customer name and chair serial.
 */
import type { Chair } from '../../../domain/entities';
import { chairLabel as chairName, customerLabel as customerName } from '../../../domain/labels';
import type { TicketListItem } from '../../../data/queries/tickets';

/** The customer's name, else 'Unknown Customer'. */
export function customerLabel(name: string | null | undefined): string {
  return customerName({ name: name ?? null });
}

/**
 * 'serial - model' for a ticket's chair; 'Unknown Chair' when the ticket names a chair the mirror
 * does not hold; null when the ticket is not about a chair.
 */
export function chairLabel(
  chairId: string | null,
  chair: Pick<Chair, 'serialNumber' | 'model' | 'modelName'> | null,
): string | null {
  return chairId ? chairName(chair) : null;
}

/** Case-insensitive match of the search text against title, description, customer and serial. */
export function matchesTicketSearch(item: TicketListItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [item.ticket.title, item.ticket.description, item.customerName, item.chair?.serialNumber]
    .filter((field): field is string => Boolean(field))
    .some((field) => field.toLowerCase().includes(needle));
}
