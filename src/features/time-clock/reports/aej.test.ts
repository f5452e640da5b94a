import { describe, expect, it } from 'vitest';
import { AEJ_FIELDS, buildAej, scheduleCode } from '@/features/time-clock/reports/aej';
import type { AejData, AejDay } from '@/features/time-clock/reports/legal-files';

const UNIT_ID = '3f0e5a52-9f4b-4d59-9a39-7cf1f3a1b001';
const ANA = '3f0e5a52-9f4b-4d59-9a39-7cf1f3a1b002';
const JOAO = '3f0e5a52-9f4b-4d59-9a39-7cf1f3a1b003';

const workday = (date: string, balance: number, marks: AejDay['marks'], absence = false): AejDay => ({
  date,
  day_kind: 'work',
  start_time: '08:00:00',
  end_time: '17:00:00',
  expected_minutes: 480,
  break_minutes: 60,
  balance_minutes: balance,
  future: false,
  absence,
  marks,
});

const data: AejData = {
  unit: { unit_id: UNIT_ID, unit_name: 'Centro', legal_name: 'Farmácia Exemplo Ltda', cnpj: '11222333000181', address: null },
  from: '2026-11-01',
  to: '2026-11-30',
  generated_at: '2026-11-26T13:00:00Z',
  employees: [
    {
      user_id: ANA,
      full_name: 'Ana Lúcia Souza',
      cpf: '15350946056',
      days: [
        workday('2026-11-03', 0, [
          { at: '2026-11-03T11:02:00Z', source: 'O', nsr: 42, motivo: null },
          { at: '2026-11-03T15:00:00Z', source: 'O', nsr: 44, motivo: null },
          { at: '2026-11-03T15:30:00Z', source: 'D', nsr: 45, motivo: 'Marcação em duplicidade' },
          { at: '2026-11-03T16:00:00Z', source: 'I', nsr: null, motivo: 'Esqueceu de marcar a volta do almoço' },
          { at: '2026-11-03T20:01:00Z', source: 'O', nsr: 47, motivo: null },
        ]),
        workday('2026-11-04', -480, [], true),
      ],
      settlements: [],
    },
    {
      user_id: JOAO,
      full_name: 'João da Silva',
      cpf: '52998224725',
      days: [
        workday('2026-11-05', 30, [
          { at: '2026-11-05T10:30:00Z', source: 'O', nsr: 50, motivo: null },
          { at: '2026-11-05T15:00:00Z', source: 'O', nsr: 51, motivo: null },
          { at: '2026-11-05T16:00:00Z', source: 'O', nsr: 52, motivo: null },
          { at: '2026-11-05T20:00:00Z', source: 'O', nsr: 53, motivo: null },
        ]),
        {
          date: '2026-11-08',
          day_kind: 'rest',
          start_time: null,
          end_time: null,
          expected_minutes: 0,
          break_minutes: 0,
          balance_minutes: 240,
          future: false,
          absence: false,
          marks: [
            { at: '2026-11-08T12:00:00Z', source: 'O', nsr: 60, motivo: null },
            { at: '2026-11-08T16:00:00Z', source: 'O', nsr: 61, motivo: null },
          ],
        },
      ],
      settlements: [{ date: '2026-11-10', kind: 'compensacao', minutes: 60 }],
    },
  ],
};

/** The expected file, written by hand from the layout: record by record, field by field. */
const EXPECTED_LINES = [
  '01|1|11222333000181|||Farmácia Exemplo Ltda|2026-11-01|2026-11-30|2026-11-26T10:00:00-0300|001',
  '02|1|3|00000000000000000',
  '03|1|15350946056|Ana Lúcia Souza',
  '03|2|52998224725|João da Silva',
  '04|H0800-1700-60|480|0800|1700',
  // Ana, 3 Nov: E/S pairs over the treated marks; the disregarded one stays as D with its motive; the included one is source I.
  '05|1|2026-11-03T08:02:00-0300|1|E|001|O|H0800-1700-60|',
  '05|1|2026-11-03T12:00:00-0300|1|S|001|O||',
  '05|1|2026-11-03T12:30:00-0300|1|D|000|O||Marcação em duplicidade',
  '05|1|2026-11-03T13:00:00-0300||E|002|I||Esqueceu de marcar a volta do almoço',
  '05|1|2026-11-03T17:01:00-0300|1|S|002|O||',
  '05|2|2026-11-05T07:30:00-0300|1|E|001|O|H0800-1700-60|',
  '05|2|2026-11-05T12:00:00-0300|1|S|001|O||',
  '05|2|2026-11-05T13:00:00-0300|1|E|002|O||',
  '05|2|2026-11-05T17:00:00-0300|1|S|002|O||',
  // A Sunday off worked: no contractual schedule to name.
  '05|2|2026-11-08T09:00:00-0300|1|E|001|O||',
  '05|2|2026-11-08T13:00:00-0300|1|S|001|O||',
  // Absence (2) with its expected minutes; bank movements (3): in (1) or out (2).
  '07|1|2|2026-11-04|480|',
  '07|2|3|2026-11-05|30|1',
  '07|2|3|2026-11-08|240|1',
  '07|2|3|2026-11-10|60|2',
  '08|Farmacia Backoffice - Ponto Digital|1.0|1|11222333000181|Farmácia Exemplo Ltda|',
  '99|1|1|2|1|11|0|4|1',
  'CONTROLE INTERNO DE JORNADA DA REDE - NAO E UM REP-P CERTIFICADO - SEM ASSINATURA ICP-BRASIL'.padEnd(100),
];

describe('buildAej', () => {
  it('writes the hand-written file: records 01–05, 07, 08, 99 and the notice, CR LF after each', () => {
    const file = buildAej(data);
    expect(file.text).toBe(EXPECTED_LINES.map((line) => `${line}\r\n`).join(''));
    expect(file.fileName).toBe('AEJ_11222333000181_2026-11-01_2026-11-30.txt');
  });

  it('gives every record the fields of the layout, in its order', () => {
    const lines = buildAej(data).text.split('\r\n').slice(0, -2);
    for (const line of lines) {
      const fields = line.split('|');
      const type = fields[0] as keyof typeof AEJ_FIELDS;
      expect(AEJ_FIELDS[type], line).toBeDefined();
      expect(fields, line).toHaveLength(AEJ_FIELDS[type].length);
    }
    expect(AEJ_FIELDS['05']).toEqual(['tipoReg', 'idtVinculoAej', 'dataHoraMarc', 'idRepAej', 'tpMarc', 'seqEntSaida', 'fonteMarc', 'codHorContratual', 'motivo']);
  });

  it('keeps the treatment readable: a motive with a pipe or a line break cannot split a field', () => {
    const [ana] = data.employees;
    const withPipe: AejData = {
      ...data,
      employees: [{ ...ana!, days: [workday('2026-11-03', 0, [{ at: '2026-11-03T16:00:00Z', source: 'I', nsr: null, motivo: 'Atestado | retorno\r\nàs 13h' }])] }],
    };
    const mark = buildAej(withPipe).text.split('\r\n').find((line) => line.startsWith('05|'));
    expect(mark).toBe('05|1|2026-11-03T13:00:00-0300||E|001|I|H0800-1700-60|Atestado   retorno  às 13h');
  });

  it('writes ISO-8859-1 bytes', () => {
    const file = buildAej(data);
    expect(file.bytes.length).toBe(file.text.length);
    expect(new TextDecoder('latin1').decode(file.bytes)).toBe(file.text);
  });

  it('names a schedule only for a workday with planned hours', () => {
    expect(scheduleCode({ day_kind: 'work', start_time: '22:00:00', end_time: '06:00:00', break_minutes: 60 })).toBe('H2200-0600-60');
    expect(scheduleCode({ day_kind: 'holiday', start_time: '08:00:00', end_time: '17:00:00', break_minutes: 60 })).toBeNull();
    expect(scheduleCode({ day_kind: 'work', start_time: null, end_time: null, break_minutes: 0 })).toBeNull();
  });
});
