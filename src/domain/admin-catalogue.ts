// Admin catalogue rules (SPEC §2 Admin Training and Parts): the training types in words and the
// two searches. Pure.
import type { Part, TrainingResource } from './entities';
import { matchesSearch } from './search';

/** Training resource types (SPEC §3) as the admin screens name them. */
export const TRAINING_TYPE_NAMES: Record<TrainingResource['type'], string> = {
  VIDEO: 'Video',
  PDF: 'Documentation (PDF)',
  FAQ: 'FAQ',
};

/** Title, type or content. */
export function matchesTraining(resource: TrainingResource, search: string): boolean {
  return matchesSearch(search, trainingSearchFields(resource));
}

export function trainingSearchFields(resource: TrainingResource) {
  return [resource.title, resource.type, TRAINING_TYPE_NAMES[resource.type], resource.content];
}

/** Name, part code or model. */
export function matchesPart(part: Part, search: string): boolean {
  return matchesSearch(search, partSearchFields(part));
}

export function partSearchFields(part: Part) {
  return [part.name, part.partCode, part.model];
}
