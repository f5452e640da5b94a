import { describe, expect, it } from 'vitest';
import { parseCostOfMoneyPercent } from '@/lib/cost-of-money';

describe('parseCostOfMoneyPercent', () => {
  it.each([
    ['2', 2],
    [' 1,5 ', 1.5],
    ['0.75', 0.75],
    ['0', 0],
    ['20', 20],
  ])('reads %j as %d %%', (text, percent) => expect(parseCostOfMoneyPercent(text)).toBe(percent));

  it.each(['', '20,01', '25', '-1', '1,555', 'dois', '2e1'])('refuses %j', (text) => expect(parseCostOfMoneyPercent(text)).toBeNull());
});
