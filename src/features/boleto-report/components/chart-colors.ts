import type { DayTone } from '@/features/boleto-report/logic';

/** Bar colours of the calendar from the theme's tokens, so light and dark both read (and print in light). */
export const DAY_TONE_FILL: Record<DayTone, string> = {
  overdue: 'var(--destructive)',
  today: 'oklch(0.77 0.16 70)',
  upcoming: 'var(--primary)',
};
