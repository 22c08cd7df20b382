import { allPositions } from '@amplio/domain';
import type { TFunction } from 'i18next';
import type { Run, WellInterpretation } from '../api/types';
import type { PlateWellView } from '../components/plate/plate-grid';
import { positional } from '../i18n/positional';

type Translate = TFunction;

/**
 * Why the well has no plain result, in the user's language: `reason.<CODE>` with the positional
 * parameters; the stored English `reason` only for rows interpreted before reason codes (or a code
 * this client has no text for).
 */
export function reasonText(well: WellInterpretation, t: Translate): string | null {
  if (!well.reasonCode) return well.reason ?? null;
  const key = `reason.${well.reasonCode}`;
  const params = well.reasonParams ?? [];
  // The text as written (placeholders left alone): a text that needs parameters the row lacks
  // falls back to the English reason rather than show a hole.
  const template = t(key, { interpolation: { prefix: '{{{', suffix: '}}}' }, defaultValue: '' });
  if (!template || (params.length === 0 && template.includes('{0}') && well.reason))
    return well.reason ?? well.reasonCode;
  return t(key, positional(params));
}

/** The suggested result's label, or the translated result state. */
export function resultText(well: WellInterpretation, t: Translate): string {
  return well.suggestedResult?.label ?? t(`resultState.${well.resultState}`);
}

/** The plate of run interpretation: each well coloured by its suggested result. */
export function interpretationPlateWells(
  run: Run,
  wells: readonly WellInterpretation[],
  t: Translate,
): Record<string, PlateWellView> {
  const plate: Record<string, PlateWellView> = {};
  const byPosition = new Map(wells.map((well) => [well.position, well]));
  for (const position of allPositions(run.plateType)) {
    const interpretation = byPosition.get(position);
    const runWell = run.wells[position];
    if (!interpretation && !runWell) continue;
    const name = interpretation?.name ?? runWell?.name ?? null;
    plate[position] = {
      color: interpretation?.suggestedResult?.color,
      tooltip: [position, name, interpretation ? resultText(interpretation, t) : '']
        .filter(Boolean)
        .join(' · '),
    };
  }
  return plate;
}

/** The suggested results shown on the plate, one caption per label with its colour. */
export function resultCaptions(wells: readonly WellInterpretation[]): [label: string, color: string][] {
  const byLabel = new Map<string, string>();
  for (const well of wells)
    if (well.suggestedResult) byLabel.set(well.suggestedResult.label, well.suggestedResult.color);
  return [...byLabel.entries()];
}
