import { describe, expect, it } from 'vitest';
import {
  chairModels,
  defaultConfiguration,
  isChairModel,
  modelName,
  modelOptions,
  upholsteryColours,
} from './chair-models';

const names = (options: readonly { name: string }[]): string[] => options.map((o) => o.name);

describe('chairModels', () => {
  it('lists S30 and U500 with their display names', () => {
    expect(chairModels.map((m) => m.model)).toEqual(['S30', 'U500']);
    expect(modelName('S30')).toBe('S30 Sigma');
    expect(modelName('U500')).toBe('U500 Ambidextrous');
  });

  it('has the S30 Sigma options of SPEC §3', () => {
    const s30 = modelOptions('S30');
    expect(s30.deliverySystems).toEqual(['Hanging Delivery', 'Traditional Whip', 'Mobile Cart']);
    expect(names(s30.instrumentOptions)).toEqual(['Option One', 'Option Two']);
    expect(s30.assistantChairside).toEqual(['Standard', 'European']);
    expect(names(s30.lighting)).toEqual(['V1 4300K', 'V2 5000K', 'V5 3000-5500K']);
    expect(s30.footControls).toEqual(['Pedal', 'Lever', 'Wireless Pedal', 'Wireless Lever']);
    expect(s30.upholsteryTypes).toEqual(['Formed', 'Sewn']);
    expect(s30.monitorBrackets).toEqual(['No Monitor Bracket', 'Monitor with Intra Oral Camera']);
  });

  it('has the U500 Ambidextrous options of SPEC §3', () => {
    const u500 = modelOptions('U500');
    expect(u500.deliverySystems).toEqual(['Hanging Delivery']);
    expect(names(u500.instrumentOptions)).toEqual(['Option 1', 'Option 2']);
    for (const option of u500.instrumentOptions)
      expect(option.description).toContain('6 instruments');
    expect(u500.assistantChairside).toEqual(['European Ambidextrous']);
    expect(names(u500.lighting)).toEqual(['U500 LED Light']);
    expect(u500.footControls).toEqual(modelOptions('S30').footControls);
    expect(u500.monitorBrackets).toEqual(modelOptions('S30').monitorBrackets);
    expect(u500.upholsteryTypes).toEqual(['Formed', 'Sewn']);
  });

  it('gives every named option a description', () => {
    for (const m of chairModels) {
      for (const o of [...m.instrumentOptions, ...m.lighting])
        expect(o.description.length).toBeGreaterThan(0);
    }
  });
});

describe('upholsteryColours', () => {
  it('offers H1-H14 for Formed and S1-S16 for Sewn', () => {
    const formed = upholsteryColours('Formed');
    const sewn = upholsteryColours('Sewn');
    expect(formed).toHaveLength(14);
    expect(sewn).toHaveLength(16);
    expect(formed[0]).toBe('H1');
    expect(formed[13]).toBe('H14');
    expect(sewn[0]).toBe('S1');
    expect(sewn[15]).toBe('S16');
    for (const m of chairModels) {
      expect(m.upholsteryColours.formed).toEqual(formed);
      expect(m.upholsteryColours.sewn).toEqual(sewn);
    }
  });
});

describe('defaultConfiguration', () => {
  it('picks the first option of each list', () => {
    expect(defaultConfiguration('S30')).toEqual({
      deliverySystem: 'Hanging Delivery',
      instrumentOption: 'Option One',
      assistantChairside: 'Standard',
      lighting: 'V1 4300K',
      footControl: 'Pedal',
      upholsteryType: 'Formed',
      upholsteryColor: 'H1',
      monitorBracket: 'No Monitor Bracket',
    });
    expect(defaultConfiguration('U500')).toMatchObject({
      deliverySystem: 'Hanging Delivery',
      instrumentOption: 'Option 1',
      assistantChairside: 'European Ambidextrous',
      lighting: 'U500 LED Light',
    });
  });
});

describe('isChairModel', () => {
  it('accepts only S30 and U500', () => {
    expect(isChairModel('S30')).toBe(true);
    expect(isChairModel('U500')).toBe(true);
    expect(isChairModel('S40')).toBe(false);
    expect(isChairModel(undefined)).toBe(false);
  });
});
