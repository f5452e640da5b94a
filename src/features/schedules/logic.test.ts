import { describe, expect, it } from 'vitest';
import {
  assignmentOn,
  dayWorkMinutes,
  defaultDays,
  formatHours,
  isFuture,
  positionLabel,
  resizeDays,
  shiftMinutes,
  timeToMinutes,
  weeklyMinutes,
} from '@/features/schedules/logic';

describe('durations', () => {
  it('counts a night shift into the next day, as the database does', () => {
    expect(shiftMinutes('08:00', '17:00')).toBe(540);
    expect(shiftMinutes('19:00', '07:00')).toBe(720);
    expect(shiftMinutes('08:00:00', '12:00:00')).toBe(240);
    expect(shiftMinutes('25:00', '07:00')).toBe(0);
    expect(timeToMinutes('23:59')).toBe(1439);
    expect(timeToMinutes('8:00')).toBeNull();
  });

  it('a day works its duration minus the break; a day off works nothing', () => {
    expect(dayWorkMinutes({ works: true, start: '08:00', end: '17:00', breakMinutes: 60 })).toBe(480);
    expect(dayWorkMinutes({ works: false, start: '08:00', end: '17:00', breakMinutes: 60 })).toBe(0);
  });

  it('weekly hours: the commercial 44 h, a 12x36 (2 days, 660 min every other day) and a 6x1', () => {
    const commercial = [...defaultDays('weekly', 7).slice(0, 5), { works: true, start: '08:00', end: '12:00', breakMinutes: 0 }, { works: false, start: '', end: '', breakMinutes: 0 }];
    expect(formatHours(weeklyMinutes(commercial))).toBe('44h00');
    const twelve = [{ works: true, start: '07:00', end: '19:00', breakMinutes: 60 }, { works: false, start: '', end: '', breakMinutes: 0 }];
    // 660 × 7 / 2 = 2,310 minutes.
    expect(formatHours(weeklyMinutes(twelve))).toBe('38h30');
    const sixOne = Array.from({ length: 7 }, (_, i) => ({ works: i < 6, start: '07:00', end: '15:20', breakMinutes: 60 }));
    expect(formatHours(weeklyMinutes(sixOne))).toBe('44h00');
    expect(weeklyMinutes([])).toBe(0);
  });
});

describe('the screen', () => {
  it('names cycle positions', () => {
    expect(positionLabel('weekly', 0)).toBe('Segunda-feira');
    expect(positionLabel('weekly', 6)).toBe('Domingo');
    expect(positionLabel('rotation', 2)).toBe('Dia 3');
  });

  it('finds the assignment in force on a day and tells a future one', () => {
    const history = [
      { id: 'a', validFrom: '2026-09-01', validTo: '2026-10-14' },
      { id: 'b', validFrom: '2026-10-15', validTo: null },
    ];
    expect(assignmentOn(history, '2026-10-14')?.id).toBe('a');
    expect(assignmentOn(history, '2026-10-15')?.id).toBe('b');
    expect(assignmentOn(history, '2026-08-31')).toBeNull();
    expect(isFuture(history[1]!, '2026-10-14')).toBe(true);
    expect(isFuture(history[1]!, '2026-10-15')).toBe(false);
  });

  it('keeps typed days when the cycle is resized', () => {
    const days = defaultDays('rotation', 2);
    expect(days.map((d) => d.works)).toEqual([true, false]);
    const grown = resizeDays(days, 4);
    expect(grown).toHaveLength(4);
    expect(grown[0]).toEqual(days[0]);
    expect(grown[3]?.works).toBe(false);
    expect(resizeDays(grown, 1)).toEqual([days[0]]);
  });
});
