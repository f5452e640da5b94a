/**
 * The AEJ (Arquivo Eletrônico de Jornada) of a unit for a period, in the layout of Portaria 671 (version '001';
 * docs/time-clock-legal-files.md gives every field and what was verified): '|' between fields, no padding,
 * ISO-8859-1, CR LF after every line.
 *
 *   01 header · 02 the register used · 03 one per employee · 04 one per contractual schedule used · 05 every mark
 *   · 07 absences and hour-bank movements · 08 the treatment program · 99 trailer · then the notice line.
 *
 * The treatment travels here, never in the AFD: an original mark that was disregarded stays, typed 'D' with the
 * adjustment's motive; a mark added by an adjustment comes with source 'I' and its motive. Record 06 (eSocial
 * registration, only for employees with several links in one file) is not written: each employee has one.
 *
 * Like the AFD, it is the chain's internal time control, not a certified REP-P: the detached signature (.p7s,
 * ICP-Brasil) is not produced, and the last line says so.
 */
import type { BuiltLegalFile } from '@/features/time-clock/reports/afd';
import type { AejData, AejDay } from '@/features/time-clock/reports/legal-files';
import { LEGAL_FILE_NOTICE_LINE, joinRecords, latin1Bytes, legalDateTime, legalHour, toLatin1Text } from '@/features/time-clock/reports/legal-text';

export const AEJ_LAYOUT_VERSION = '001';

/** Record 02: one register, a REP-P (tpRep '3'); its INPI number does not exist (zeros). */
export const AEJ_REP_ID = '1';
export const AEJ_NO_INPI_NUMBER = '0'.repeat(17);

/** Record 08: the treatment program. */
export const AEJ_PROGRAM = { name: 'Farmacia Backoffice - Ponto Digital', version: '1.0' } as const;

/** The fields of each record, in the layout's order (the unit tests check the lines against them). */
export const AEJ_FIELDS = {
  '01': ['tipoReg', 'tpIdtEmpregador', 'idtEmpregador', 'caepf', 'cno', 'razaoOuNome', 'dataInicialAej', 'dataFinalAej', 'dataHoraGerAej', 'versaoAej'],
  '02': ['tipoReg', 'idRepAej', 'tpRep', 'nrRep'],
  '03': ['tipoReg', 'idtVinculoAej', 'cpf', 'nomeEmp'],
  '04': ['tipoReg', 'codHorContratual', 'durJornada', 'hrEntrada01', 'hrSaida01'],
  '05': ['tipoReg', 'idtVinculoAej', 'dataHoraMarc', 'idRepAej', 'tpMarc', 'seqEntSaida', 'fonteMarc', 'codHorContratual', 'motivo'],
  '07': ['tipoReg', 'idtVinculoAej', 'tipoAusenOuComp', 'data', 'qtMinutos', 'tipoMovBH'],
  '08': ['tipoReg', 'nomeProg', 'versaoProg', 'tpIdtDesenv', 'idtDesenv', 'razaoNomeDesenv', 'emailDesenv'],
  '99': ['tipoReg', 'qtRegTipo01', 'qtRegTipo02', 'qtRegTipo03', 'qtRegTipo04', 'qtRegTipo05', 'qtRegTipo06', 'qtRegTipo07', 'qtRegTipo08'],
} as const;

/** Record 07, tipoAusenOuComp. */
const ABSENCE = '2';
const BANK_MOVEMENT = '3';
/** Record 07, tipoMovBH: '1' into the bank, '2' out of it (compensation). */
const INTO_BANK = '1';
const OUT_OF_BANK = '2';

/** A free text field: ISO-8859-1, no '|' or line break, trimmed, at most `max` characters. */
function text(value: string | null, max: number): string {
  return value ? toLatin1Text(value).trim().slice(0, max) : '';
}

/** The contractual schedule's code of a workday with planned hours ('H0800-1700-60'), null otherwise. */
export function scheduleCode(day: Pick<AejDay, 'day_kind' | 'start_time' | 'end_time' | 'break_minutes'>): string | null {
  if (day.day_kind !== 'work' || !day.start_time || !day.end_time) return null;
  return `H${legalHour(day.start_time)}-${legalHour(day.end_time)}-${day.break_minutes}`;
}

export interface AejOptions {
  /** Record 08's developer e-mail; blank unless given (see the docs). */
  developerEmail?: string;
}

export function aejFileName(cnpj: string, from: string, to: string): string {
  return `AEJ_${cnpj}_${from}_${to}.txt`;
}

export function buildAej(data: AejData, options: AejOptions = {}): BuiltLegalFile {
  const { unit } = data;
  const records: string[][] = [];
  const row = (...fields: (string | number)[]) => records.push(fields.map(String));

  row('01', '1', unit.cnpj, '', '', text(unit.legal_name, 150), data.from, data.to, legalDateTime(data.generated_at), AEJ_LAYOUT_VERSION);
  row('02', AEJ_REP_ID, '3', AEJ_NO_INPI_NUMBER);

  data.employees.forEach((employee, index) => row('03', index + 1, employee.cpf, text(employee.full_name, 150)));

  // One record 04 per distinct contractual schedule of the days written. The templates give the break's length,
  // not its time, so each schedule is one entry/exit pair with the day's expected minutes.
  const schedules = new Map<string, AejDay>();
  for (const employee of data.employees) {
    for (const day of employee.days) {
      const code = scheduleCode(day);
      if (code && !schedules.has(code)) schedules.set(code, day);
    }
  }
  for (const [code, day] of [...schedules].sort(([a], [b]) => a.localeCompare(b))) {
    row('04', code, day.expected_minutes, legalHour(day.start_time ?? ''), legalHour(day.end_time ?? ''));
  }

  data.employees.forEach((employee, index) => {
    const link = index + 1;
    for (const day of employee.days) {
      const code = scheduleCode(day) ?? '';
      let treated = 0;
      for (const mark of day.marks) {
        const at = legalDateTime(mark.at);
        if (mark.source === 'D') {
          row('05', link, at, AEJ_REP_ID, 'D', '000', 'O', '', text(mark.motivo, 150));
          continue;
        }
        const sequence = Math.floor(treated / 2) + 1;
        const kind = treated % 2 === 0 ? 'E' : 'S';
        treated += 1;
        row(
          '05',
          link,
          at,
          mark.source === 'O' ? AEJ_REP_ID : '',
          kind,
          String(sequence).padStart(3, '0'),
          mark.source,
          kind === 'E' && sequence === 1 ? code : '',
          mark.source === 'I' ? text(mark.motivo, 150) : '',
        );
      }
    }
  });

  data.employees.forEach((employee, index) => {
    const link = index + 1;
    const movements: { date: string; fields: (string | number)[] }[] = [];
    for (const day of employee.days) {
      if (day.future) continue;
      if (day.absence) movements.push({ date: day.date, fields: [ABSENCE, day.date, day.expected_minutes, ''] });
      else if (day.balance_minutes !== 0) {
        movements.push({ date: day.date, fields: [BANK_MOVEMENT, day.date, Math.abs(day.balance_minutes), day.balance_minutes > 0 ? INTO_BANK : OUT_OF_BANK] });
      }
    }
    // A settlement takes minutes out of the bank (a negative one settles a debt: it puts them back).
    for (const settlement of employee.settlements) {
      movements.push({
        date: settlement.date,
        fields: [BANK_MOVEMENT, settlement.date, Math.abs(settlement.minutes), settlement.minutes > 0 ? OUT_OF_BANK : INTO_BANK],
      });
    }
    movements.sort((a, b) => a.date.localeCompare(b.date));
    for (const movement of movements) row('07', link, ...movement.fields);
  });

  row('08', text(AEJ_PROGRAM.name, 150), AEJ_PROGRAM.version, '1', unit.cnpj, text(unit.legal_name, 150), text(options.developerEmail ?? '', 50));

  const count = (type: string) => records.filter((fields) => fields[0] === type).length;
  row('99', ...['01', '02', '03', '04', '05', '06', '07', '08'].map(count));

  const lines = records.map((fields) => fields.join('|'));
  lines.push(LEGAL_FILE_NOTICE_LINE.padEnd(100, ' '));
  const fileText = joinRecords(lines);
  return { fileName: aejFileName(unit.cnpj, data.from, data.to), bytes: latin1Bytes(fileText), text: fileText };
}
