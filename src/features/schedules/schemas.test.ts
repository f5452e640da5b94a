import { describe, expect, it } from 'vitest';
import { assignFormSchema, holidayFormSchema, openingHoursFormSchema, templateFormSchema, type TemplateFormValues } from '@/features/schedules/schemas';

const day = (works: boolean, start = '08:00', end = '17:00', breakMinutes = '60') => ({ works, start, end, breakMinutes });
const weekly = (days = [day(true), day(true), day(true), day(true), day(true), day(false), day(false)]): TemplateFormValues => ({
  name: 'Comercial',
  kind: 'weekly',
  cycleDays: '7',
  days,
  active: true,
});

/** Each issue's path and message. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): [string, string][] {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('templateFormSchema (the same rules the database applies)', () => {
  it('accepts a commercial week and a night shift that ends the next day', () => {
    expect(templateFormSchema.safeParse(weekly()).success).toBe(true);
    expect(templateFormSchema.safeParse({ ...weekly(), kind: 'rotation', cycleDays: '2', days: [day(true, '19:00', '07:00'), day(false)] }).success).toBe(true);
  });

  it('refuses a break longer than the day, the same start and end, a blank time, and a cycle without work', () => {
    const days = [day(true, '08:00', '12:00', '240'), day(true, '08:00', '08:00'), day(true, '', '17:00'), day(false), day(false), day(false), day(false)];
    expect(issues(templateFormSchema.safeParse(weekly(days)))).toEqual([
      ['days.0.breakMinutes', 'O intervalo não pode ser maior que a jornada.'],
      ['days.1.end', 'O início e o fim não podem ser iguais.'],
      ['days.2.start', 'Informe um horário (HH:MM).'],
    ]);
    expect(issues(templateFormSchema.safeParse(weekly(Array.from({ length: 7 }, () => day(false)))))).toEqual([['days', 'Marque ao menos um dia de trabalho.']]);
  });

  it('a rotation takes 2 to 28 days; a name is required', () => {
    expect(issues(templateFormSchema.safeParse({ ...weekly(), kind: 'rotation', cycleDays: '1' }))).toEqual([['cycleDays', 'O ciclo deve ter entre 2 e 28 dias.']]);
    expect(issues(templateFormSchema.safeParse({ ...weekly(), name: '   ' }))).toEqual([['name', 'Informe o nome do modelo.']]);
  });
});

describe('the other forms', () => {
  it('an assignment needs a template and a start; its cycle cannot start after it', () => {
    expect(issues(assignFormSchema.safeParse({ templateId: '', validFrom: '', cycleStart: '', unitId: null }))).toEqual([
      ['templateId', 'Escolha o modelo de escala.'],
      ['validFrom', 'Informe a data de início.'],
    ]);
    expect(issues(assignFormSchema.safeParse({ templateId: 't', validFrom: '2026-12-01', cycleStart: '2026-12-02', unitId: null }))).toEqual([
      ['cycleStart', 'O início do ciclo não pode ser depois do início da escala.'],
    ]);
    expect(assignFormSchema.safeParse({ templateId: 't', validFrom: '2026-12-01', cycleStart: '2026-11-30', unitId: 'u' }).success).toBe(true);
  });

  it('a holiday needs its day and name; opening hours cannot open and close at once', () => {
    expect(issues(holidayFormSchema.safeParse({ day: '', name: '', scope: 'municipal', unitId: null }))).toEqual([
      ['day', 'Informe o dia do feriado.'],
      ['name', 'Informe o nome do feriado.'],
    ]);
    const days = [{ open: true, opens: '08:00', closes: '08:00' }, { open: false, opens: '', closes: '' }];
    expect(issues(openingHoursFormSchema.safeParse({ days }))).toEqual([['days.0.closes', 'A abertura e o fechamento não podem ser iguais.']]);
  });
});
