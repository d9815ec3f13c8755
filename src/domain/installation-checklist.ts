/**
 * New-installation checklist for a dental treatment chair (SPEC §4 installation
 * wizard step 4, §5 installation acceptance). Every item must be ticked before
 * the customer can sign the installation off.
 */

export type ChecklistGroup = {
  id: string;
  title: string;
  items: { id: string; label: string }[];
};

type GroupSource = {
  id: string;
  title: string;
  items: readonly (readonly [key: string, label: string])[];
};

const sources: readonly GroupSource[] = [
  {
    id: 'basic-functionality',
    title: 'Basic Functionality',
    items: [
      ['mains-power', 'Chair powers on from the mains switch and the power indicator lights'],
      ['base-travel', 'Chair base rises and lowers smoothly through full travel'],
      ['backrest-recline', 'Backrest reclines to full Trendelenburg without noise'],
      ['backrest-upright', 'Backrest returns to fully upright position'],
      ['limit-switches', 'Upper and lower limit switches stop chair movement at end of travel'],
      [
        'safety-stop',
        'Safety stop halts all movement when an obstruction is detected under the chair',
      ],
      ['headrest-adjust', 'Headrest adjusts and locks in every position'],
      ['armrests', 'Armrests swing and lock securely'],
      ['level-stable', 'Chair is level and stable on the floor with no rocking'],
      ['movement-noise', 'No abnormal noise or vibration from the hydraulic or motor drive'],
    ],
  },
  {
    id: 'doctors-control-panel',
    title: "Doctor's Control Panel",
    items: [
      ['display-on', 'Control panel display switches on and is fully readable'],
      ['buttons-respond', 'All membrane buttons respond to a single press'],
      ['manual-movement', 'Manual chair up, down, backrest up and backrest down keys work'],
      ['memory-positions', 'Memory positions store and recall correctly'],
      ['auto-return', 'Auto-return to entry/exit position works'],
      ['rinse-position', 'Rinse (spittoon) position recall works'],
      ['light-key', 'Operating light on/off key works from the panel'],
      ['cup-bowl-keys', 'Cup fill and bowl rinse keys work from the panel'],
    ],
  },
  {
    id: 'doctors-instrument-tray',
    title: "Doctor's Instrument Tray",
    items: [
      ['arm-balance', 'Delivery arm balances and holds position without drifting'],
      ['brake', 'Delivery arm pneumatic brake locks and releases'],
      ['tray-level', 'Instrument tray sits level and its load is within rating'],
      ['handpiece-drive-air', 'Handpiece drive air pressure is set to manufacturer specification'],
      ['coolant-spray', 'Handpiece air/water coolant spray adjusts'],
      ['micromotor', 'Electric micromotor runs forward and reverse across the speed range'],
      ['syringe', 'Three-in-one syringe delivers air, water and spray'],
      ['scaler', 'Ultrasonic scaler powers up and irrigation flows'],
      ['holder-autostart', 'Lifting an instrument from its holder activates only that instrument'],
    ],
  },
  {
    id: 'assistant-control-panel',
    title: 'Assistant Control Panel',
    items: [
      ['arm-positions', 'Assistant arm swings to all positions and holds'],
      ['panel-keys', 'Assistant panel chair movement keys work'],
      ['suction-strength', 'Suction (HVE and saliva ejector) draws at full strength'],
      ['suction-autostart', 'Suction starts when a tube is lifted and stops when it is returned'],
      ['assistant-syringe', 'Assistant three-in-one syringe delivers air, water and spray'],
      ['curing-light', 'Curing light holder and power supply work (if fitted)'],
      ['hoses-secure', 'Suction hoses are secure with no leaks at the connectors'],
    ],
  },
  {
    id: 'spittoon-water-system',
    title: 'Spittoon and Water System',
    items: [
      ['bowl-rinse', 'Cuspidor bowl rinse flows and drains'],
      ['cup-fill', 'Cup filler dispenses the set volume and stops'],
      ['cup-sensor', 'Cup filler sensor detects the cup and prevents dry filling'],
      ['bowl-rotation', 'Spittoon bowl rotates and locks in position'],
      ['water-pressure', 'Incoming water pressure is within specification'],
      ['bottle-system', 'Independent water bottle pressurises and supplies water'],
      ['water-heater', 'Water heater warms instrument and cup water (if fitted)'],
      ['drain-connection', 'Drain and waste connections are sealed with no leaks'],
      ['solids-filter', 'Amalgam separator or solids filter is fitted and seated'],
    ],
  },
  {
    id: 'operating-light',
    title: 'Operating Light',
    items: [
      ['intensity', 'Operating light switches on and all intensity levels work'],
      ['sensor-switch', 'Touchless sensor switch turns the light on and off'],
      ['colour-temperature', 'Colour temperature setting matches the specified light model'],
      ['arm-movement', 'Light arm moves freely on all axes and holds position'],
      ['beam-pattern', 'Beam pattern is even with no dark spots at working distance'],
      ['composite-mode', 'Composite (curing-safe) mode works'],
      ['handles', 'Light handles are fitted and removable for sterilisation'],
    ],
  },
  {
    id: 'foot-pedal',
    title: 'Foot Pedal',
    items: [
      ['chair-movement', 'Foot control moves chair in all directions'],
      ['variable-speed', 'Foot control varies handpiece speed progressively'],
      ['water-toggle', 'Chip air and coolant water toggles work'],
      ['position-recall', 'Foot control recalls programmed chair positions'],
      ['wireless-pairing', 'Wireless foot control pairs and battery level is good (if wireless)'],
      ['cable-secure', 'Foot control cable or housing is undamaged and non-slip base grips'],
    ],
  },
  {
    id: 'engineer-parts-inspection',
    title: 'Engineer Parts Inspection',
    items: [
      ['parts-delivered', 'All ordered parts and options delivered against the configuration'],
      ['serial-plate', 'Serial number plate matches the registration documents'],
      ['fixings', 'Floor fixings and base bolts are torqued to specification'],
      ['electrical-earth', 'Electrical earth continuity and insulation tests pass'],
      ['air-leaks', 'No air leaks at any pneumatic connection'],
      ['water-leaks', 'No water leaks inside the chair box or delivery unit'],
      ['covers-fitted', 'All covers and trims fitted and screws tightened'],
      ['manuals', 'User manual, warranty card and cleaning instructions handed over'],
    ],
  },
  {
    id: 'no-damage-check',
    title: 'No Damage Check',
    items: [
      ['upholstery', 'No scratches or tears on upholstery'],
      ['upholstery-colour', 'Upholstery type and colour match the order'],
      ['painted-surfaces', 'No dents, chips or scratches on painted surfaces'],
      ['plastic-covers', 'No cracks in plastic covers or the spittoon bowl'],
      ['hoses-cables', 'No kinks, cuts or abrasion on hoses and cables'],
      ['light-lens', 'Operating light lens and shield free from scratches'],
    ],
  },
];

export const installationChecklist: readonly ChecklistGroup[] = sources.map((group) => ({
  id: group.id,
  title: group.title,
  items: group.items.map(([key, label]) => ({ id: `${group.id}-${key}`, label })),
}));

/** Every item id in display order. */
export function checklistItemIds(): string[] {
  return installationChecklist.flatMap((group) => group.items.map((item) => item.id));
}

/** Items ticked out of the whole checklist, overall and by group. */
export function checklistTally(ticked: Record<string, boolean>) {
  const groups = installationChecklist.map((group) => ({
    title: group.title,
    passed: group.items.filter((item) => ticked[item.id] === true).length,
    total: group.items.length,
  }));
  return {
    passed: groups.reduce((sum, group) => sum + group.passed, 0),
    total: groups.reduce((sum, group) => sum + group.total, 0),
    groups,
  };
}

/** True only when every checklist item is ticked. */
export function isChecklistComplete(ticked: Record<string, boolean>): boolean {
  return checklistItemIds().every((id) => ticked[id] === true);
}
