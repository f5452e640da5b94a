import { describe, expect, it } from 'vitest';
import { COMPUTER_NOT_AUTHORIZED, PUNCH_OFFLINE, timeClockErrorMessage } from '@/features/time-clock/messages';

describe('timeClockErrorMessage', () => {
  it('a failed request says the punch was not registered (never a silent loss)', () => {
    expect(timeClockErrorMessage({ message: 'TypeError: Failed to fetch', code: '' })).toBe(PUNCH_OFFLINE);
    expect(timeClockErrorMessage(new TypeError('fetch failed'))).toBe(PUNCH_OFFLINE);
  });
  it("the database's own Portuguese refusal is shown as it is", () => {
    expect(timeClockErrorMessage({ message: COMPUTER_NOT_AUTHORIZED, code: '42501' })).toBe(COMPUTER_NOT_AUTHORIZED);
  });
});
