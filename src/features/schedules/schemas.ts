/**
 * Forms of /gestao-horarios, as typed (strings), checked with the limits the database applies again
 * (save_work_schedule_template, assign_work_schedule, save_holiday, set_unit_opening_hours); and the
 * RPC payloads, parsed here rather than cast.
 */
import * as z from 'zod/mini';
import { isIsoDay } from '@/lib/dates';
import { shiftMinutes, timeToMinutes } from '@/features/schedules/logic';

const TIME_MESSAGE = 'Informe um horário (HH:MM).';

const templateDaySchema = z.object({
  works: z.boolean(),
  start: z.string(),
  end: z.string(),
  breakMinutes: z.string(),
});

export const templateFormSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, 'Informe o nome do modelo.'), z.maxLength(80, 'O nome deve ter no máximo 80 caracteres.')),
    kind: z.enum(['weekly', 'rotation']),
    cycleDays: z.string(),
    days: z.array(templateDaySchema),
    active: z.boolean(),
  })
  .check(
    z.superRefine((values, ctx) => {
      const cycle = Number(values.cycleDays);
      if (values.kind === 'rotation' && (!/^\d+$/.test(values.cycleDays) || cycle < 2 || cycle > 28)) {
        ctx.issues.push({ code: 'custom', message: 'O ciclo deve ter entre 2 e 28 dias.', path: ['cycleDays'], input: values.cycleDays });
      }
      if (!values.days.some((day) => day.works)) {
        ctx.issues.push({ code: 'custom', message: 'Marque ao menos um dia de trabalho.', path: ['days'], input: values.days });
      }
      values.days.forEach((day, index) => {
        if (!day.works) return;
        if (timeToMinutes(day.start) === null) ctx.issues.push({ code: 'custom', message: TIME_MESSAGE, path: ['days', index, 'start'], input: day.start });
        if (timeToMinutes(day.end) === null) ctx.issues.push({ code: 'custom', message: TIME_MESSAGE, path: ['days', index, 'end'], input: day.end });
        if (timeToMinutes(day.start) !== null && day.start === day.end) {
          ctx.issues.push({ code: 'custom', message: 'O início e o fim não podem ser iguais.', path: ['days', index, 'end'], input: day.end });
        }
        const breakMinutes = Number(day.breakMinutes);
        if (!/^\d+$/.test(day.breakMinutes)) {
          ctx.issues.push({ code: 'custom', message: 'Informe o intervalo em minutos.', path: ['days', index, 'breakMinutes'], input: day.breakMinutes });
        } else if (timeToMinutes(day.start) !== null && timeToMinutes(day.end) !== null && breakMinutes >= shiftMinutes(day.start, day.end)) {
          ctx.issues.push({ code: 'custom', message: 'O intervalo não pode ser maior que a jornada.', path: ['days', index, 'breakMinutes'], input: day.breakMinutes });
        }
      });
    }),
  );
export type TemplateFormValues = z.input<typeof templateFormSchema>;

export const assignFormSchema = z
  .object({
    templateId: z.string().check(z.minLength(1, 'Escolha o modelo de escala.')),
    validFrom: z.string(),
    cycleStart: z.string(),
    unitId: z.nullable(z.string()),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (!isIsoDay(values.validFrom)) ctx.issues.push({ code: 'custom', message: 'Informe a data de início.', path: ['validFrom'], input: values.validFrom });
      if (values.cycleStart !== '' && !isIsoDay(values.cycleStart)) {
        ctx.issues.push({ code: 'custom', message: 'Informe uma data válida.', path: ['cycleStart'], input: values.cycleStart });
      } else if (values.cycleStart !== '' && isIsoDay(values.validFrom) && values.cycleStart > values.validFrom) {
        ctx.issues.push({ code: 'custom', message: 'O início do ciclo não pode ser depois do início da escala.', path: ['cycleStart'], input: values.cycleStart });
      }
    }),
  );
export type AssignFormValues = z.input<typeof assignFormSchema>;

export const holidayFormSchema = z.object({
  day: z.string().check(z.refine((day) => isIsoDay(day), 'Informe o dia do feriado.')),
  name: z.string().check(z.trim(), z.minLength(1, 'Informe o nome do feriado.'), z.maxLength(80, 'O nome deve ter no máximo 80 caracteres.')),
  scope: z.enum(['estadual', 'municipal']),
  unitId: z.nullable(z.string()),
});
export type HolidayFormValues = z.input<typeof holidayFormSchema>;

const openingDaySchema = z.object({ open: z.boolean(), opens: z.string(), closes: z.string() });

export const openingHoursFormSchema = z.object({ days: z.array(openingDaySchema) }).check(
  z.superRefine((values, ctx) => {
    values.days.forEach((day, index) => {
      if (!day.open) return;
      if (timeToMinutes(day.opens) === null) ctx.issues.push({ code: 'custom', message: TIME_MESSAGE, path: ['days', index, 'opens'], input: day.opens });
      if (timeToMinutes(day.closes) === null) ctx.issues.push({ code: 'custom', message: TIME_MESSAGE, path: ['days', index, 'closes'], input: day.closes });
      else if (day.opens === day.closes) ctx.issues.push({ code: 'custom', message: 'A abertura e o fechamento não podem ser iguais.', path: ['days', index, 'closes'], input: day.closes });
    });
  }),
);
export type OpeningHoursFormValues = z.input<typeof openingHoursFormSchema>;

// ---------------------------------------------------------------------------
// RPC payloads

/** check_work_schedule_assignment: {warnings: [{rule, title, message, day}]}. */
export const assignmentCheckSchema = z.object({
  warnings: z.array(z.object({ rule: z.string(), title: z.string(), message: z.string(), day: z.string() })),
});
export type AssignmentWarning = z.infer<typeof assignmentCheckSchema>['warnings'][number];

export const nationalHolidaysSchema = z.array(z.object({ day: z.string(), name: z.string() }));
