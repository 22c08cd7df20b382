import type { PlatePlanTypeDto } from './dto/plate-plan-type.dto';

/** The plate plan formats Amplio reads (docs/formats.md, "Plate plan"). */
export const PLATE_PLAN_TYPES: PlatePlanTypeDto[] = [{ plateName: 'AMPLIO', extension: '.csv,.xlsx' }];
