import { describe, expect, it } from 'vitest';
import { buildPayrollCsv, canBuildPayroll, payrollRefusal } from '@/features/time-clock/reports/payroll';
import { REPORT_FIGURES, type ReportEmployee, type ReportFigures, type TimeReport } from '@/features/time-clock/reports/schemas';

const zero = Object.fromEntries(REPORT_FIGURES.map((figure) => [figure, 0])) as ReportFigures;
const UNIT = '3f0e5a52-9f4b-4d59-9a39-7cf1f3a1b001';

const employee = (overrides: Partial<ReportEmployee>): ReportEmployee => ({
  ...zero,
  user_id: '3f0e5a52-9f4b-4d59-9a39-7cf1f3a1b002',
  full_name: 'Ana Lúcia Souza',
  unit_id: UNIT,
  unit_name: 'Centro',
  job_title: 'Balconista',
  cpf: '15350946056',
  cpf_masked: false,
  ...overrides,
});

const report = (employees: ReportEmployee[]): TimeReport => ({
  from: '2026-11-01',
  to: '2026-11-30',
  generated_at: '2026-11-26T13:00:00Z',
  employees,
  units: [],
  totals: { ...zero, employees: employees.length },
  daily: [],
});

const ana = employee({
  worked_minutes: 10_590,
  overtime_50_minutes: 150,
  overtime_100_minutes: 240,
  night_reduced_minutes: 69,
  absences: 1,
  absence_minutes: 480,
  bank_movement_minutes: -90,
});
const joao = employee({ user_id: '3f0e5a52-9f4b-4d59-9a39-7cf1f3a1b003', full_name: 'João "Jota" Silva', cpf: '52998224725', worked_minutes: 480 });

describe('buildPayrollCsv', () => {
  it('writes one line per employee and event, in the documented layout', () => {
    const file = buildPayrollCsv(report([ana, joao]), '2026-11-01');
    expect(file.fileName).toBe('folha-ponto-2026-11.csv');
    expect(file.text).toBe(
      '\uFEFF' +
        [
          'competencia;cpf;nome;unidade;codigo_evento;evento;minutos;horas;dias',
          '2026-11;15350946056;Ana Lúcia Souza;Centro;001;Horas trabalhadas;10590;176:30;',
          '2026-11;15350946056;Ana Lúcia Souza;Centro;002;Horas extras 50%;150;02:30;',
          '2026-11;15350946056;Ana Lúcia Souza;Centro;003;Horas extras 100%;240;04:00;',
          '2026-11;15350946056;Ana Lúcia Souza;Centro;004;Adicional noturno (horas reduzidas);69;01:09;',
          '2026-11;15350946056;Ana Lúcia Souza;Centro;005;Faltas;480;08:00;1',
          '2026-11;15350946056;Ana Lúcia Souza;Centro;006;Banco de horas (movimento);-90;-01:30;',
          '2026-11;52998224725;"João ""Jota"" Silva";Centro;001;Horas trabalhadas;480;08:00;',
          '2026-11;52998224725;"João ""Jota"" Silva";Centro;002;Horas extras 50%;0;00:00;',
          '2026-11;52998224725;"João ""Jota"" Silva";Centro;003;Horas extras 100%;0;00:00;',
          '2026-11;52998224725;"João ""Jota"" Silva";Centro;004;Adicional noturno (horas reduzidas);0;00:00;',
          '2026-11;52998224725;"João ""Jota"" Silva";Centro;005;Faltas;0;00:00;0',
          '2026-11;52998224725;"João ""Jota"" Silva";Centro;006;Banco de horas (movimento);0;00:00;',
        ].join('\r\n') +
        '\r\n',
    );
  });

  it('is refused, naming who lacks a CPF, or when the caller sees masked CPFs', () => {
    const noCpf = report([ana, employee({ full_name: 'Carla Dias', cpf: null }), employee({ full_name: 'Bruno Lima', cpf: null })]);
    expect(canBuildPayroll(noCpf)).toBe(false);
    expect(() => buildPayrollCsv(noCpf, '2026-11')).toThrow('Sem CPF cadastrado: Carla Dias, Bruno Lima. Cadastre o CPF em Usuários antes de gerar o arquivo');

    const masked = report([employee({ cpf: '***.509.460-**', cpf_masked: true })]);
    expect(canBuildPayroll(masked)).toBe(false);
    expect(payrollRefusal(masked)).toBe('O arquivo da folha precisa do CPF completo; você vê 1 CPF mascarado');
    expect(payrollRefusal(report([]))).toBe('Não há funcionários no relatório para gerar o arquivo da folha');
    expect(canBuildPayroll(report([ana]))).toBe(true);
  });
});
