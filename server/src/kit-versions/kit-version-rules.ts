import type { ErrorKey } from '@amplio/domain';

/** What the rules of SPEC 4 "Kit versions and lots" read of a version. */
export interface VersionFacts {
  id: string;
  locked: boolean;
  laboratoryId: string | null;
}

export type RuleResult = { key: ErrorKey; params?: string[] } | null;

/** A new official version may be added only when the latest is locked (or none exists). */
export function checkNewOfficialVersion(latest: VersionFacts | null): RuleResult {
  return latest && !latest.locked ? { key: 'errorKitVersionLatestNotLocked' } : null;
}

/** Only the latest official version, when locked, can be copied into a new version. */
export function checkOfficialCopySource(
  source: VersionFacts | null,
  latest: VersionFacts | null,
): RuleResult {
  if (!source || source.laboratoryId !== null) return { key: 'errorNotFound' };
  if (!source.locked) return { key: 'errorKitVersionNotLocked' };
  if (!latest || latest.id !== source.id) return { key: 'errorKitVersionNotLatest' };
  return null;
}

/**
 * A laboratory version is created from a locked official version that has lots in the laboratory, or
 * copies the laboratory's latest laboratory version of that official version when it is locked.
 */
export function checkLaboratorySource(
  source: VersionFacts | null,
  laboratoryId: string,
  facts: { lotsInLaboratory: number; latestLaboratoryVersionId: string | null },
): RuleResult {
  if (!source) return { key: 'errorNotFound' };
  // Another laboratory's version is not found (saying it exists elsewhere would tell its id is real).
  if (source.laboratoryId !== null && source.laboratoryId !== laboratoryId) return { key: 'errorNotFound' };
  if (!source.locked) return { key: 'errorKitVersionNotLocked' };
  if (source.laboratoryId === null)
    return facts.lotsInLaboratory > 0 ? null : { key: 'errorKitVersionWithoutLots' };
  return facts.latestLaboratoryVersionId === source.id ? null : { key: 'errorKitVersionNotLatest' };
}

/** Locked versions cannot be deleted. */
export function checkDeletable(version: VersionFacts): RuleResult {
  return version.locked ? { key: 'errorKitVersionLocked' } : null;
}
