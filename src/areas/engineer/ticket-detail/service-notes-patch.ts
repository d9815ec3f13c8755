/**
 * Turns the service notes form into a patch of only the fields the engineer changed (SPEC §3
 * ServiceNotes; ARCHITECTURE "service notes are per-field patches merged server-side"), so a
 * concurrent edit of another field on another device survives.
 */
import type { ServiceNotes } from '../../../domain/entities';
import type { ServiceNotesPatch } from '../../../domain/mutations';
import type {
  ServiceNotesForm,
  ServiceNotesFormInput,
  WorkType,
} from '../../../domain/schemas/ticket.schema';

/** Which fields differ from what the form started with (react-hook-form's dirtyFields). */
export interface DirtyNotes {
  workPerformed?: boolean;
  timeSpent?: boolean;
  workType?: boolean;
  damageDescription?: boolean;
  conditionReport?: { beforeService?: boolean; afterService?: boolean; recommendations?: boolean };
  followUpRequired?: boolean;
  followUpNotes?: boolean;
}

/** The form's starting values: the stored notes, with the work type defaulted by the warranty. */
export function notesFormValues(
  notes: ServiceNotes | null,
  defaultType: WorkType,
): ServiceNotesFormInput {
  return {
    workPerformed: notes?.workPerformed ?? '',
    timeSpent: notes?.timeSpent,
    workType: notes?.workType ?? defaultType,
    damageDescription: notes?.damageDescription ?? '',
    conditionReport: {
      beforeService: notes?.conditionReport?.beforeService ?? '',
      afterService: notes?.conditionReport?.afterService ?? '',
      recommendations: notes?.conditionReport?.recommendations ?? '',
    },
    followUpRequired: notes?.followUpRequired ?? false,
    followUpNotes: notes?.followUpNotes ?? '',
  };
}

/**
 * The changed fields of `values`. The work type is also sent while none is stored, so the
 * default the engineer saw is the one recorded. A cleared time is not sent: it cannot be unset.
 */
export function serviceNotesPatch(
  values: ServiceNotesForm,
  dirty: DirtyNotes,
  stored: ServiceNotes | null,
): ServiceNotesPatch {
  const patch: ServiceNotesPatch = {};
  if (dirty.workPerformed) patch.workPerformed = values.workPerformed ?? '';
  if (dirty.timeSpent && values.timeSpent !== undefined) patch.timeSpent = values.timeSpent;
  if ((dirty.workType || !stored?.workType) && values.workType) patch.workType = values.workType;
  if (dirty.damageDescription) patch.damageDescription = values.damageDescription ?? '';
  const report: NonNullable<ServiceNotesPatch['conditionReport']> = {};
  for (const key of ['beforeService', 'afterService', 'recommendations'] as const) {
    if (dirty.conditionReport?.[key]) report[key] = values.conditionReport?.[key] ?? '';
  }
  if (Object.keys(report).length > 0) patch.conditionReport = report;
  if (dirty.followUpRequired) patch.followUpRequired = values.followUpRequired ?? false;
  if (dirty.followUpNotes) patch.followUpNotes = values.followUpNotes ?? '';
  return patch;
}
