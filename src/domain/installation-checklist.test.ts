import { describe, expect, it } from 'vitest';
import {
  checklistItemIds,
  installationChecklist,
  isChecklistComplete,
} from './installation-checklist';

describe('installationChecklist', () => {
  it('has the nine groups SPEC names, in order', () => {
    expect(installationChecklist.map((g) => g.title)).toEqual([
      'Basic Functionality',
      "Doctor's Control Panel",
      "Doctor's Instrument Tray",
      'Assistant Control Panel',
      'Spittoon and Water System',
      'Operating Light',
      'Foot Pedal',
      'Engineer Parts Inspection',
      'No Damage Check',
    ]);
  });

  it('has about 70 items, every group non-empty', () => {
    const count = checklistItemIds().length;
    expect(count).toBeGreaterThanOrEqual(68);
    expect(count).toBeLessThanOrEqual(72);
    for (const group of installationChecklist) expect(group.items.length).toBeGreaterThan(0);
  });

  it('uses unique kebab-case ids, items prefixed by their group id', () => {
    const ids = [...installationChecklist.map((g) => g.id), ...checklistItemIds()];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const group of installationChecklist) {
      for (const item of group.items) {
        expect(item.id.startsWith(`${group.id}-`)).toBe(true);
        expect(item.label.trim().length).toBeGreaterThan(0);
      }
    }
  });
});

describe('isChecklistComplete', () => {
  const all = (): Record<string, boolean> =>
    Object.fromEntries(checklistItemIds().map((id) => [id, true]));

  it('is true when every item is ticked', () => {
    expect(isChecklistComplete(all())).toBe(true);
  });

  it('is false with one item missing or unticked', () => {
    const ids = checklistItemIds();
    const last = ids[ids.length - 1] ?? '';
    const missing = all();
    delete missing[last];
    expect(isChecklistComplete(missing)).toBe(false);
    expect(isChecklistComplete({ ...all(), [last]: false })).toBe(false);
  });

  it('is false when nothing is ticked', () => {
    expect(isChecklistComplete({})).toBe(false);
  });
});
