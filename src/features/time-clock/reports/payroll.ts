/**
 * The payroll file (issue 26, item 4): the month's events per employee as a CSV the payroll program imports.
 * Layout (docs/time-clock-legal-files.md#folha): one line per employee and event, ';' between fields, CR LF, UTF-8
 * with BOM (CSV for Excel in Brazil, src/lib/spreadsheet/cells.ts), columns
 *
 *   competencia;cpf;nome;unidade;codigo_evento;evento;minutos;horas;dias
 *
 * Every employee gets the six events, zero or not, in this order (the figures come from get_time_report):
 *   001 Horas trabalhadas · 002 Horas extras 50% · 003 Horas extras 100% · 004 Adicional noturno (horas reduzidas)
 *   · 005 Faltas (dias and their expected minutes) · 006 Banco de horas (movimento; negative = debit).
 *
 * The CPF identifies the worker in payroll, so the file is built only when every CPF is whole (managers; ANALISTA
 * sees masked CPFs and gets no payroll file).
 */
import { formatCount } from '@/lib/dates';
import { toCsvText, type CellInput } from '@/lib/spreadsheet/cells';
import type { ReportEmployee, TimeReport } from '@/features/time-clock/reports/schemas';

export const PAYROLL_COLUMNS = ['competencia', 'cpf', 'nome', 'unidade', 'codigo_evento', 'evento', 'minutos', 'horas', 'dias'] as const;

export const PAYROLL_EVENTS = [
  { code: '001', label: 'Horas trabalhadas', minutes: (e: ReportEmployee) => e.worked_minutes, days: null },
  { code: '002', label: 'Horas extras 50%', minutes: (e: ReportEmployee) => e.overtime_50_minutes, days: null },
  { code: '003', label: 'Horas extras 100%', minutes: (e: ReportEmployee) => e.overtime_100_minutes, days: null },
  { code: '004', label: 'Adicional noturno (horas reduzidas)', minutes: (e: ReportEmployee) => e.night_reduced_minutes, days: null },
  { code: '005', label: 'Faltas', minutes: (e: ReportEmployee) => e.absence_minutes, days: (e: ReportEmployee) => e.absences },
  { code: '006', label: 'Banco de horas (movimento)', minutes: (e: ReportEmployee) => e.bank_movement_minutes, days: null },
] as const;

/** Whether the report can make a payroll file: every employee's CPF registered and whole. */
export function canBuildPayroll(report: TimeReport): boolean {
  return report.employees.length > 0 && report.employees.every((employee) => employee.cpf !== null && !employee.cpf_masked);
}

/** Why the report cannot make a payroll file, in Portuguese; null when it can. */
export function payrollRefusal(report: TimeReport): string | null {
  if (report.employees.length === 0) return 'Não há funcionários no relatório para gerar o arquivo da folha';
  const missing = report.employees.filter((employee) => employee.cpf === null).map((employee) => employee.full_name);
  if (missing.length > 0) return `Sem CPF cadastrado: ${missing.join(', ')}. Cadastre o CPF em Usuários antes de gerar o arquivo`;
  const masked = report.employees.filter((employee) => employee.cpf_masked).length;
  if (masked > 0) {
    return `O arquivo da folha precisa do CPF completo; você vê ${formatCount(masked, 'CPF mascarado', 'CPFs mascarados')}`;
  }
  return null;
}

export interface PayrollFile {
  fileName: string;
  text: string;
}

/** 'YYYY-MM' of a month given as 'YYYY-MM' or any 'YYYY-MM-DD' of it. */
function competence(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) throw new RangeError(`Mês inválido: ${month}`);
  return `${match[1]}-${match[2]}`;
}

/** The payroll CSV of a report (one month); throws the refusal when a CPF is missing or masked. */
export function buildPayrollCsv(report: TimeReport, month: string): PayrollFile {
  const refusal = payrollRefusal(report);
  if (refusal) throw new Error(refusal);
  const period = competence(month);
  const rows: CellInput[][] = [[...PAYROLL_COLUMNS]];
  for (const employee of report.employees) {
    for (const event of PAYROLL_EVENTS) {
      const minutes = event.minutes(employee);
      rows.push([
        period,
        employee.cpf,
        employee.full_name,
        employee.unit_name,
        event.code,
        event.label,
        { kind: 'number', value: minutes },
        { kind: 'duration', minutes },
        event.days ? { kind: 'number', value: event.days(employee) } : null,
      ]);
    }
  }
  return { fileName: `folha-ponto-${period}.csv`, text: toCsvText(rows) };
}
