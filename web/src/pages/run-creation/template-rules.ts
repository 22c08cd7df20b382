import { isSampleType } from '../../components/plate/sample-types';
import type { WellTemplate } from '../../api/runs-api';
import type { LotChoice, WellConfig } from './well-configuration-rules';

/**
 * A plate template's wells as run creation wells (SPEC 2 and 4): only the run's own positions; a
 * lot only when it is one of the chosen lots (its kit follows), else the kit when it is one of theirs;
 * a sample type only on a well with a kit, and only when that kit's versions offer it (`offered`,
 * keys `offeredKey(kitId, type)` from GET /sample-type/template). When those sample types failed to load, `offered` is
 * null and the template is applied without sample types. Names come from the template, else stay.
 */
export const offeredKey = (kitId: string, sampleType: string): string => `${kitId}|${sampleType}`;

export function wellsFromTemplate(
  wellTemplates: readonly WellTemplate[],
  runPositions: ReadonlySet<string>,
  chosenLots: readonly LotChoice[],
  current: Readonly<Record<string, WellConfig>>,
  offered: ReadonlySet<string> | null,
): Record<string, WellConfig> {
  const byId = new Map(chosenLots.map((lot) => [lot.id, lot]));
  const kits = new Set(chosenLots.map((lot) => lot.kitId));
  const next: Record<string, WellConfig> = {};
  for (const well of wellTemplates) {
    if (!runPositions.has(well.position)) continue;
    const lot = well.lotId ? byId.get(well.lotId) : undefined;
    const kitId = lot?.kitId ?? (well.kitId && kits.has(well.kitId) ? well.kitId : undefined);
    const sampleType =
      kitId &&
      offered !== null &&
      isSampleType(well.sampleType) &&
      offered.has(offeredKey(kitId, well.sampleType))
        ? well.sampleType
        : undefined;
    next[well.position] = {
      kitId,
      lotId: lot?.id,
      sampleType,
      name: well.name ?? current[well.position]?.name,
    };
  }
  return next;
}
