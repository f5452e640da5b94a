import type { TemplateDayInput } from '@/features/schedules/logic';

export interface ScheduleTemplate {
  id: string;
  name: string;
  kind: 'weekly' | 'rotation';
  cycleDays: number;
  active: boolean;
  days: TemplateDayInput[];
}

export interface Assignment {
  id: string;
  userId: string;
  templateId: string;
  templateName: string;
  validFrom: string;
  validTo: string | null;
  cycleStart: string;
  unitId: string | null;
}

export interface Person {
  id: string;
  name: string;
  unitId: string | null;
}

export interface Unit {
  id: string;
  name: string;
}

export interface ScheduleOverview {
  people: Person[];
  units: Unit[];
  assignments: Assignment[];
}

export interface Holiday {
  id: string | null;
  day: string;
  name: string;
  /** 'nacional' rows are computed by the database and cannot be removed. */
  scope: 'nacional' | 'estadual' | 'municipal';
  unitId: string | null;
}

export interface OpeningDay {
  weekday: number;
  opens: string;
  closes: string;
}
