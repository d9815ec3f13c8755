import type { PracticeType } from '../../../domain/schemas/common';

/** A practice type in words (SPEC §3 practice.type). */
export const PRACTICE_TYPE_LABELS: Record<PracticeType, string> = {
  DENTAL: 'Dental',
  MEDICAL: 'Medical',
  VETERINARY: 'Veterinary',
  CLINIC: 'Clinic',
};
