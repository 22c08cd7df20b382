import type { ErrorKey } from '@amplio/domain';

export type LotRuleResult = { key: ErrorKey; params?: string[] } | null;

export interface LotInput {
  name?: string | null;
  kitId?: string | null;
  kitVersionId?: string | null;
  expirationDate?: string | null;
}

/** SPEC 5 "Lots": name, kit and kit version present, in that order of messages. */
export function checkLotFields(input: LotInput): LotRuleResult {
  if (!input.name || input.name.trim() === '') return { key: 'errorLotNoName' };
  if (!input.kitId) return { key: 'errorLotNoKit' };
  if (!input.kitVersionId) return { key: 'errorLotNoKitVersion' };
  return null;
}

/**
 * The expiration date: empty means now; otherwise it must be after now, except an existing lot's
 * unchanged value. Answers the date to store, or the refusal.
 */
export function resolveExpiration(
  value: string | null | undefined,
  now: Date,
  existing: Date | null,
): { date: Date } | { error: LotRuleResult } {
  if (value === undefined || value === null || value === '') return { date: existing ?? now };
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    return { error: { key: 'errorFieldDecimal', params: ['expirationDate'] } };
  if (existing && existing.getTime() === date.getTime()) return { date };
  if (date.getTime() <= now.getTime()) return { error: { key: 'errorLotExpirationPast' } };
  return { date };
}

/** The kit version of a lot must be an official version of the lot's kit, or the laboratory's own version of it. */
export function checkLotKitVersion(
  version: { kitId: string; laboratoryId: string | null; deleted: boolean } | null,
  kitId: string,
  laboratoryId: string,
): LotRuleResult {
  if (!version || version.deleted) return { key: 'errorLotNoKitVersion' };
  if (version.laboratoryId !== null && version.laboratoryId !== laboratoryId)
    return { key: 'errorLotNoKitVersion' }; // another laboratory's version: as if there were none
  if (version.kitId !== kitId) return { key: 'errorLotKitVersionOfAnotherKit' };
  return null;
}

/** What a change of a lot means for the lot-changes summary (SPEC 2 shell modal). */
export type LotChangeKind = 'LOT_CREATED' | 'LOT_VERSION_CHANGED' | 'LOT_DISABLED' | 'LOT_ACTIVATED';

export function classifyLotChange(
  action: string,
  oldValue: Record<string, unknown> | null,
  newValue: Record<string, unknown> | null,
): LotChangeKind[] {
  if (action === 'INSERT') return ['LOT_CREATED'];
  if (action !== 'UPDATE' || !oldValue || !newValue) return [];
  const kinds: LotChangeKind[] = [];
  if (oldValue.kitVersionId !== newValue.kitVersionId) kinds.push('LOT_VERSION_CHANGED');
  if (oldValue.active === true && newValue.active === false) kinds.push('LOT_DISABLED');
  if (oldValue.active === false && newValue.active === true) kinds.push('LOT_ACTIVATED');
  return kinds;
}

const TRACKED_FIELDS = ['name', 'expirationDate', 'active', 'kitVersionId'] as const;

/** The field names a change touched (SPEC 3 lot change record "modifications"), kitVersion for kitVersionId. */
export function modifiedFields(
  oldValue: Record<string, unknown> | null,
  newValue: Record<string, unknown> | null,
): string[] {
  if (!oldValue || !newValue) return [];
  return TRACKED_FIELDS.filter((field) => String(oldValue[field]) !== String(newValue[field])).map((field) =>
    field === 'kitVersionId' ? 'kitVersion' : field,
  );
}
