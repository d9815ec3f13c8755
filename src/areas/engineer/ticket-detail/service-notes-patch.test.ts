import { describe, expect, it } from 'vitest';
import { notesFormValues, serviceNotesPatch } from './service-notes-patch';

describe('serviceNotesPatch', () => {
  const stored = { workType: 'DAMAGE' as const, timeSpent: 30 };

  it('sends nothing when nothing changed and a work type is stored', () => {
    expect(serviceNotesPatch({ workType: 'DAMAGE', timeSpent: 30 }, {}, stored)).toEqual({});
  });

  it('sends the shown default work type while none is stored', () => {
    expect(serviceNotesPatch({ workType: 'WARRANTY' }, {}, null)).toEqual({
      workType: 'WARRANTY',
    });
  });

  it('sends only the changed condition-report fields', () => {
    const patch = serviceNotesPatch(
      { conditionReport: { beforeService: 'Worn', afterService: 'Fixed' } },
      { conditionReport: { afterService: true } },
      stored,
    );
    expect(patch).toEqual({ conditionReport: { afterService: 'Fixed' } });
  });

  it('does not send a cleared time, which cannot be unset', () => {
    expect(serviceNotesPatch({ timeSpent: undefined }, { timeSpent: true }, stored)).toEqual({});
  });

  it('sends a time of 0, the lowest allowed', () => {
    expect(serviceNotesPatch({ timeSpent: 0 }, { timeSpent: true }, stored)).toEqual({
      timeSpent: 0,
    });
  });
});

describe('notesFormValues', () => {
  it('starts empty with the default work type when nothing is stored', () => {
    expect(notesFormValues(null, 'OUT_OF_WARRANTY')).toMatchObject({
      workPerformed: '',
      timeSpent: undefined,
      workType: 'OUT_OF_WARRANTY',
      followUpRequired: false,
    });
  });
});
