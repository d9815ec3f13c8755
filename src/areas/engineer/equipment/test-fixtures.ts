// Mirror rows for the equipment and installation screen tests, shaped like pulled server rows.
import { defaultConfiguration, type ChairModel } from '../../../domain/chair-models';
import type { Chair, SupportTicket } from '../../../domain/entities';
import * as rows from '../../../testing/rows';

export { historyEntry, serviceRequestRow, STAMP, userRow } from '../../../testing/rows';

export const engineer = { ...rows.engineerUser, name: 'Eve Evans' };

/** A chair in stock with its model's default configuration. */
export function chairRow(
  patch: Partial<Chair> & Pick<Chair, 'id' | 'serialNumber'> & { model?: ChairModel },
): Chair {
  return rows.chairRow({ configuration: defaultConfiguration(patch.model ?? 'S30'), ...patch });
}

export function ticketRow(patch: Partial<SupportTicket> & Pick<SupportTicket, 'id' | 'title'>) {
  return rows.ticketRow({ description: 'Something is wrong with it', ...patch });
}

/** A fixed UUID per kind and number, readable in failures. */
export const id = (kind: string, n: number) =>
  `00000000-0000-4000-8000-${kind.padStart(4, '0')}${String(n).padStart(8, '0')}`;
