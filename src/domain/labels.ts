// Fallback labels for things a screen names (SPEC §8 Fallback labels): a customer, their
// address, a chair. Pure; takes whatever part of the row it needs.
import { isChairModel, modelName } from './chair-models';

/** The customer's name, else 'Unknown Customer'. */
export function customerLabel(customer: { name: string | null } | null | undefined): string {
  return customer?.name?.trim() || 'Unknown Customer';
}

/** The practice address, else the user's address, else 'No address' (SPEC §2). */
export function customerAddress(
  customer: { address: string | null; practice: { address?: string } | null } | null | undefined,
): string {
  return customer?.practice?.address?.trim() || customer?.address?.trim() || 'No address';
}

/** A chair as 'serial - model', else 'Unknown Chair'. */
export function chairLabel(
  chair: { serialNumber: string; model: string; modelName: string | null } | null | undefined,
): string {
  if (!chair) return 'Unknown Chair';
  const model =
    chair.modelName || (isChairModel(chair.model) ? modelName(chair.model) : chair.model);
  return `${chair.serialNumber} - ${model}`;
}
