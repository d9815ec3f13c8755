/**
 * Model option catalogue (SPEC §3): the options a chair of each model can be
 * configured with, and helpers for the add-chair and configuration forms.
 */

export type ChairModel = 'S30' | 'U500';
export type UpholsteryType = 'Formed' | 'Sewn';

export type NamedOption = { name: string; description: string };

export type ChairModelOptions = {
  model: ChairModel;
  modelName: string;
  deliverySystems: readonly string[];
  instrumentOptions: readonly NamedOption[];
  assistantChairside: readonly string[];
  lighting: readonly NamedOption[];
  footControls: readonly string[];
  upholsteryTypes: readonly UpholsteryType[];
  upholsteryColours: { formed: readonly string[]; sewn: readonly string[] };
  monitorBrackets: readonly string[];
};

export type ChairConfiguration = {
  deliverySystem: string;
  instrumentOption: string;
  assistantChairside: string;
  lighting: string;
  footControl: string;
  upholsteryType: UpholsteryType;
  upholsteryColor: string;
  monitorBracket: string;
};

const numbered = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

const FORMED_COLOURS: readonly string[] = numbered('H', 14);
const SEWN_COLOURS: readonly string[] = numbered('S', 16);
const UPHOLSTERY_TYPES: readonly UpholsteryType[] = ['Formed', 'Sewn'];
const FOOT_CONTROLS: readonly string[] = ['Pedal', 'Lever', 'Wireless Pedal', 'Wireless Lever'];
const MONITOR_BRACKETS: readonly string[] = [
  'No Monitor Bracket',
  'Monitor with Intra Oral Camera',
];

const S30: ChairModelOptions = {
  model: 'S30',
  modelName: 'S30 Sigma',
  deliverySystems: ['Hanging Delivery', 'Traditional Whip', 'Mobile Cart'],
  instrumentOptions: [
    {
      name: 'Option One',
      description:
        'Two air-turbine lines, one electric micromotor, three-in-one syringe and ultrasonic scaler',
    },
    {
      name: 'Option Two',
      description:
        'Two air-turbine lines, two electric micromotors, three-in-one syringe, ultrasonic scaler and curing light',
    },
  ],
  assistantChairside: ['Standard', 'European'],
  lighting: [
    { name: 'V1 4300K', description: 'LED operating light with neutral 4300K colour temperature' },
    {
      name: 'V2 5000K',
      description: 'LED operating light with daylight 5000K colour temperature for shade matching',
    },
    {
      name: 'V5 3000-5500K',
      description:
        'LED operating light with adjustable 3000-5500K colour temperature and composite mode',
    },
  ],
  footControls: FOOT_CONTROLS,
  upholsteryTypes: UPHOLSTERY_TYPES,
  upholsteryColours: { formed: FORMED_COLOURS, sewn: SEWN_COLOURS },
  monitorBrackets: MONITOR_BRACKETS,
};

const U500: ChairModelOptions = {
  model: 'U500',
  modelName: 'U500 Ambidextrous',
  deliverySystems: ['Hanging Delivery'],
  instrumentOptions: [
    {
      name: 'Option 1',
      description:
        '6 instruments: two air-turbine lines, one electric micromotor, three-in-one syringe, ultrasonic scaler and curing light; converts for left- or right-handed use',
    },
    {
      name: 'Option 2',
      description:
        '6 instruments: two air-turbine lines, two electric micromotors, three-in-one syringe and ultrasonic scaler; converts for left- or right-handed use',
    },
  ],
  assistantChairside: ['European Ambidextrous'],
  lighting: [
    {
      name: 'U500 LED Light',
      description:
        'Dedicated LED operating light with touchless sensor switch, mounted for ambidextrous working',
    },
  ],
  footControls: FOOT_CONTROLS,
  upholsteryTypes: UPHOLSTERY_TYPES,
  upholsteryColours: { formed: FORMED_COLOURS, sewn: SEWN_COLOURS },
  monitorBrackets: MONITOR_BRACKETS,
};

/** The catalogue, one entry per model, in display order. */
export const chairModels: readonly ChairModelOptions[] = [S30, U500];

const byModel: Readonly<Record<ChairModel, ChairModelOptions>> = { S30, U500 };

export function isChairModel(value: unknown): value is ChairModel {
  return value === 'S30' || value === 'U500';
}

export function modelOptions(model: ChairModel): ChairModelOptions {
  return byModel[model];
}

export function modelName(model: ChairModel): string {
  return byModel[model].modelName;
}

/** Colour codes offered for an upholstery type: Formed H1-H14, Sewn S1-S16. */
export function upholsteryColours(type: UpholsteryType): string[] {
  return [...(type === 'Formed' ? FORMED_COLOURS : SEWN_COLOURS)];
}

/** The first option of every list: a valid starting configuration for the model. */
export function defaultConfiguration(model: ChairModel): ChairConfiguration {
  const options = byModel[model];
  const upholsteryType: UpholsteryType = options.upholsteryTypes[0] ?? 'Formed';
  return {
    deliverySystem: options.deliverySystems[0] ?? '',
    instrumentOption: options.instrumentOptions[0]?.name ?? '',
    assistantChairside: options.assistantChairside[0] ?? '',
    lighting: options.lighting[0]?.name ?? '',
    footControl: options.footControls[0] ?? '',
    upholsteryType,
    upholsteryColor: upholsteryColours(upholsteryType)[0] ?? '',
    monitorBracket: options.monitorBrackets[0] ?? '',
  };
}
