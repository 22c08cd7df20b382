import dayjs from 'dayjs';
import { expirationToSend } from './lot-expiration';

describe('expirationToSend', () => {
  const stored = '2024-03-10T09:15:00.000Z';

  it('sends the stored value when the day is kept, even a past one (any time of that day picked)', () => {
    expect(expirationToSend(dayjs(stored), stored)).toBe(stored);
    expect(expirationToSend(dayjs(stored).endOf('day'), stored)).toBe(stored);
  });

  it('sends the end of the chosen day when the day changes or the lot is new', () => {
    const chosen = dayjs('2031-05-02T08:00:00');
    expect(expirationToSend(chosen, stored)).toBe(chosen.endOf('day').toISOString());
    expect(expirationToSend(chosen, undefined)).toBe(chosen.endOf('day').toISOString());
  });

  it('sends nothing without a day', () => {
    expect(expirationToSend(null, stored)).toBeUndefined();
  });
});
