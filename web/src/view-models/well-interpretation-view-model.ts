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

type ResultView = { label: string; color: string; validityType: 'VALID' | 'INVALID' };

/** SPEC 3: the effective result is the person's override when there is one, otherwise the suggested one. */
export function effectiveResult(
  well: WellInterpretation & { effectiveResult?: ResultView | null },
): ResultView | null {
  return well.effectiveResult ?? well.suggestedResult ?? null;
}

/** The effective result's label, or the translated result state. */
export function resultText(well: WellInterpretation, t: Translate): string {
  return effectiveResult(well)?.label ?? t(`resultState.${well.resultState}`);
}

/** The plate of run interpretation: each well coloured by its effective result. */
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
      color: interpretation ? effectiveResult(interpretation)?.color : undefined,
      tooltip: [position, name, interpretation ? resultText(interpretation, t) : '']
        .filter(Boolean)
        .join(' · '),
    };
  }
  return plate;
}

/** The effective results shown on the plate, one caption per label with its colour. */
export function resultCaptions(wells: readonly WellInterpretation[]): [label: string, color: string][] {
  const byLabel = new Map<string, string>();
  for (const well of wells) {
    const result = effectiveResult(well);
    if (result) byLabel.set(result.label, result.color);
  }
  return [...byLabel.entries()];
}
