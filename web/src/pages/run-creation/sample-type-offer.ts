import type { SampleType } from '@amplio/domain';
import { isSampleType, SAMPLE_TYPES } from '../../components/plate/sample-types';
import { type LotChoice, type WellConfig, withLot } from './well-configuration-rules';

/**
 * The sample types each kit version offers on the run's analyser (GET /sample-type/run/configuration):
 * SAMPLE and BLANK_CONTROL for every version, and the control sample types of its valid kit controls.
 * null when they could not be loaded: every sample type is then offered (the server still checks).
 */
export type OfferedSampleTypes = ReadonlyMap<string, ReadonlySet<SampleType>> | null;

export function offeredByVersion(
  types: ReadonlyArray<{ type: string; kitVersionId?: string | null }>,
): Map<string, Set<SampleType>> {
  const offered = new Map<string, Set<SampleType>>();
  for (const { type, kitVersionId } of types) {
    if (!kitVersionId || !isSampleType(type)) continue;
    const set = offered.get(kitVersionId) ?? new Set<SampleType>();
    set.add(type);
    offered.set(kitVersionId, set);
  }
  return offered;
}

/**
 * The sample types the wells' kit versions all offer, in the usual order; every sample type when
 * none of the wells has a lot yet, when a version's offer is unknown, or when nothing was loaded.
 */
export function sampleTypesFor(versionIds: Iterable<string>, offered: OfferedSampleTypes): SampleType[] {
  const versions = [...new Set(versionIds)];
  if (!offered || versions.length === 0) return [...SAMPLE_TYPES];
  return SAMPLE_TYPES.filter((type) =>
    versions.every((versionId) => {
      const types = offered.get(versionId);
      return !types || types.has(type);
    }),
  );
}

/**
 * SPEC 4: choosing a lot selects the matching sample type: the well keeps its sample type when the
 * lot's kit version offers it, and has none when it does not (a control that kit does not have).
 */
export function withLotMatchingSampleType(
  well: WellConfig,
  lot: LotChoice | undefined,
  offered: OfferedSampleTypes,
): WellConfig {
  const next = withLot(well, lot);
  if (!lot || !next.sampleType) return next;
  return sampleTypesFor([lot.kitVersionId], offered).includes(next.sampleType)
    ? next
    : { ...next, sampleType: undefined };
}
