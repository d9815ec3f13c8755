// What a completed installation records (SPEC §4 Installation wizard; design card: installations
// are synced): the stored checklist, the chair's history entry and its service dates. Pure; the
// time comes in as `now`. src/data/effects/equipment.ts and installation_complete (SQL) apply it.
import type { ChairService, ServiceHistoryEntry } from './entities';
import { checklistItemIds } from './installation-checklist';
import { nextServiceDueAfter } from './service-status';
import { newWarranty, type TestSheetChecks, type Warranty } from './warranty';

/** The checklist as stored once complete: every item id, ticked. */
export function completedChecklist(): Record<string, boolean> {
  return Object.fromEntries(checklistItemIds().map((id) => [id, true]));
}

export interface InstallationRecordInput {
  id: string;
  now: string;
  engineerId: string;
  engineerName: string;
  engineerPhone: string | null;
  customerName: string;
  notes: string | null;
}

/** The chair's service history entry for an installation: warranty work at no cost. */
export function installationHistoryEntry(input: InstallationRecordInput): ServiceHistoryEntry {
  return {
    id: input.id,
    type: 'Installation',
    date: input.now,
    engineerId: input.engineerId,
    engineerName: input.engineerName,
    engineerPhone: input.engineerPhone,
    duration: null,
    workPerformed: `New installation completed; accepted by ${input.customerName}`,
    partsReplaced: [],
    conditionBefore: null,
    conditionAfter: 'Installed and tested',
    recommendations: input.notes,
    followUpRequired: false,
    warrantyWork: true,
    cost: 0,
  };
}

/** The chair's service after an installation: serviced now, next due a year on, entry appended. */
export function serviceAfterInstallation(
  service: ChairService | null,
  entry: ServiceHistoryEntry,
  now: string,
): ChairService {
  const current = service ?? {};
  return {
    ...current,
    lastServiceDate: now,
    nextServiceDue: nextServiceDueAfter(now),
    serviceHistory: [...(current.serviceHistory ?? []), entry],
  };
}

/**
 * The warranty after an installation: a chair with an owner is now in service at their practice,
 * so a warranty not yet activated starts now (confirmed by a passing test sheet already on file,
 * else by the customer's test sheet later, as after an activation); an activated warranty, or a chair without owner, keeps its own.
 */
export function warrantyAfterInstallation(
  chair: {
    ownerUserId: string | null;
    warranty: Warranty | null;
    testSheet?: TestSheetChecks | null;
  },
  now: string,
): Warranty | null {
  if (chair.ownerUserId && !chair.warranty?.activatedAt) return newWarranty(now, chair.testSheet);
  return chair.warranty;
}
