import { describe, expect, it } from 'vitest';
import { TRAINING_TABS, trainingAction } from './training-tabs';

describe('training tabs', () => {
  it('are Videos, Documentation (PDF) and FAQ, in that order', () => {
    expect(TRAINING_TABS.map((t) => [t.label, t.type])).toEqual([
      ['Videos', 'VIDEO'],
      ['Documentation', 'PDF'],
      ['FAQ', 'FAQ'],
    ]);
  });

  it('name the button Watch, Open or View Content', () => {
    expect(trainingAction({ type: 'VIDEO', url: 'https://x' })).toBe('Watch');
    expect(trainingAction({ type: 'PDF', url: 'https://x' })).toBe('Open');
    expect(trainingAction({ type: 'VIDEO', url: null })).toBe('View Content');
  });
});
