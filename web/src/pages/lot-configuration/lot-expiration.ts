import type { Dayjs } from 'dayjs';

/**
 * The expiration date a lot form sends: the end of the chosen day, or, when an existing lot keeps
 * the day it has, its stored value unchanged (SPEC 5: an unchanged value is accepted even when past,
 * so an expired lot can still be renamed or deactivated). Undefined when no day is chosen.
 */
export function expirationToSend(
  chosen: Dayjs | null | undefined,
  stored: string | null | undefined,
): string | undefined {
  if (!chosen) return undefined;
  if (stored && chosen.isSame(stored, 'day')) return stored;
  return chosen.endOf('day').toISOString();
}
