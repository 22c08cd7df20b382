import type { Lot } from '../api/types';

/** A lot whose expiration date is before today (local time). */
export function isLotExpired(lot: Lot, now: Date = new Date()): boolean {
  if (!lot.expirationDate) return false;
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  return new Date(lot.expirationDate).getTime() < today.getTime();
}

/** The lots a run can use. */
export function usableLots(lots: readonly Lot[]): Lot[] {
  return lots.filter((lot) => lot.active);
}

/** One option per kit of the lots, in the lots' order. */
export function kitOptionsOf(lots: readonly Lot[]): { value: string; label: string }[] {
  const byId = new Map<string, string>();
  for (const lot of lots) byId.set(lot.kit.id, lot.kit.name);
  return [...byId.entries()].map(([id, name]) => ({ value: id, label: name }));
}
