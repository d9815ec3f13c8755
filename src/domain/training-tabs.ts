// The training library's three tabs (SPEC §2 Training Resources, Technical Reference): the type
// each shows, its label and its empty state, in SPEC's words. Pure data, shared by the customer's
// Training Resources and (when it moves over) the engineer's Technical Reference.
import type { TrainingResource } from './entities';

export interface TrainingTab {
  type: TrainingResource['type'];
  label: string;
  emptyTitle: string;
  emptyDescription: string;
}

export const TRAINING_TABS: readonly TrainingTab[] = [
  {
    type: 'VIDEO',
    label: 'Videos',
    emptyTitle: 'No training videos',
    emptyDescription: "Training videos will appear here when they're available.",
  },
  {
    type: 'PDF',
    label: 'Documentation',
    emptyTitle: 'No documentation',
    emptyDescription: 'Technical documentation will appear here when available.',
  },
  {
    type: 'FAQ',
    label: 'FAQ',
    emptyTitle: 'No FAQ available',
    emptyDescription: 'Frequently asked questions will appear here when available.',
  },
];

/** A resource's button: Watch (video with a url), Open (other url) or View Content (no url). */
export function trainingAction(resource: Pick<TrainingResource, 'type' | 'url'>) {
  if (!resource.url) return 'View Content';
  return resource.type === 'VIDEO' ? 'Watch' : 'Open';
}
