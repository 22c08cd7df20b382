import type { PlatePlanTypeDto } from './dto/plate-plan-type.dto';

/**
 * The plate plan formats Amplio reads (docs/formats.md, "Plate plan"): its own table, a QuantStudio
 * plate setup export and a Bio-Rad CFX plate layout (instrument-plate-plans.ts).
 */
export const PLATE_PLAN_TYPES: PlatePlanTypeDto[] = [
  { plateName: 'AMPLIO', extension: '.csv,.xlsx' },
  { plateName: 'QUANTSTUDIO', extension: '.txt' },
  { plateName: 'CFX', extension: '.csv' },
];
