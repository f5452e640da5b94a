import { describe, expect, it } from 'vitest';
import { AFD_RECORD_LENGTHS, buildAfd, verifyAfd } from '@/features/time-clock/reports/afd';
import type { AfdData } from '@/features/time-clock/reports/legal-files';

const UNIT_ID = '3f0e5a52-9f4b-4d59-9a39-7cf1f3a1b001';
const ANA = '3f0e5a52-9f4b-4d59-9a39-7cf1f3a1b002';
const JOAO = '3f0e5a52-9f4b-4d59-9a39-7cf1f3a1b003';

const data: AfdData = {
  unit: { unit_id: UNIT_ID, unit_name: 'Centro', legal_name: 'Farmácia Exemplo Ltda', cnpj: '11222333000181', address: 'Rua das Flores, 10 - Centro' },
  from: '2026-11-01',
  to: '2026-11-30',
  generated_at: '2026-11-26T13:00:59.900Z',
  responsible_cpf: '52998224725',
  employees: [
    { user_id: ANA, full_name: 'Ana Lúcia Souza', cpf: '15350946056', recorded_at: '2026-11-02T12:30:15Z' },
    { user_id: JOAO, full_name: 'João da Silva', cpf: '52998224725', recorded_at: '2026-11-02T12:31:00Z' },
  ],
  punches: [
    { nsr: 41, user_id: JOAO, cpf: '52998224725', punched_at: '2026-11-03T11:02:47.123Z' },
    { nsr: 42, user_id: ANA, cpf: '15350946056', punched_at: '2026-11-03T11:05:00Z' },
    { nsr: 43, user_id: JOAO, cpf: '52998224725', punched_at: '2026-11-03T15:01:30Z' },
  ],
};

const spaces = (count: number) => ' '.repeat(count);

/**
 * The expected file, field by field as the layout lists them. The CRCs and hashes were computed apart from this code
 * (Python: a bitwise CRC-16/KERMIT and hashlib.sha256 over the same ISO-8859-1 text) and pasted here.
 */
const EXPECTED_LINES = [
  // 1: NSR 0, type, CNPJ type, CNPJ, CNO/CAEPF, razão social, INPI number, from, to, generated, layout, developer, model, CRC
  '000000000' + '1' + '1' + '11222333000181' + spaces(14) + 'Farmácia Exemplo Ltda'.padEnd(150) + '00000000000000000' +
    '2026-11-01' + '2026-11-30' + '2026-11-26T10:00:00-0300' + '003' + '1' + '11222333000181' + spaces(30) + '7414',
  // 2: NSR 0, type, recorded, responsible CPF (14), CNPJ type, CNPJ, CNO/CAEPF, razão social, place of work, CRC
  '000000000' + '2' + '2026-11-26T10:00:00-0300' + '00052998224725' + '1' + '11222333000181' + spaces(14) +
    'Farmácia Exemplo Ltda'.padEnd(150) + 'Rua das Flores, 10 - Centro'.padEnd(100) + '38F5',
  // 5: NSR 0, type, recorded, operation, CPF (12), name (52), other data (4), responsible CPF (11), CRC
  '000000000' + '5' + '2026-11-02T09:30:00-0300' + 'I' + '015350946056' + 'Ana Lúcia Souza'.padEnd(52) + spaces(4) + '52998224725' + 'D1F0',
  '000000000' + '5' + '2026-11-02T09:31:00-0300' + 'I' + '052998224725' + 'João da Silva'.padEnd(52) + spaces(4) + '52998224725' + '583C',
  // 7: NSR, type, marked, CPF (12), recorded, collector (02 browser), online, SHA-256 of fields 1–7 + previous hash
  '000000041' + '7' + '2026-11-03T08:02:00-0300' + '052998224725' + '2026-11-03T08:02:00-0300' + '02' + '0' +
    'db6cc2ee997b411a45874f5c6d5b90a65393247f5ec1da10b7e8be8bb77f585f',
  '000000042' + '7' + '2026-11-03T08:05:00-0300' + '015350946056' + '2026-11-03T08:05:00-0300' + '02' + '0' +
    'fbc0c4f60bc17415e25f5b06cafe117bd55af2cc4f573072ce494907f24b4906',
  '000000043' + '7' + '2026-11-03T12:01:00-0300' + '052998224725' + '2026-11-03T12:01:00-0300' + '02' + '0' +
    'dbe7457f4153c2ade8580e4327736ad9acfc2d381473a81e161729bd4fc48b19',
  // 9: constant, counts of types 2, 3, 4, 5, 6, 7, type
  '999999999' + '000000001' + '000000000' + '000000000' + '000000002' + '000000000' + '000000003' + '9',
  // Where the signature reference would be: the notice.
  'CONTROLE INTERNO DE JORNADA DA REDE - NAO E UM REP-P CERTIFICADO - SEM ASSINATURA ICP-BRASIL'.padEnd(100),
];

describe('buildAfd', () => {
  it('writes the hand-written file: records 1, 2, 5, 7, 9 and the notice, CR LF after each', async () => {
    const file = await buildAfd(data);
    expect(file.text).toBe(EXPECTED_LINES.map((line) => `${line}\r\n`).join(''));
    expect(file.fileName).toBe('AFD0000000000000000011222333000181REP_P.txt');
  });

  it('gives each record type its layout length', async () => {
    const lines = (await buildAfd(data)).text.split('\r\n').slice(0, -1);
    expect(lines.map((line) => line.length)).toEqual([
      AFD_RECORD_LENGTHS['1'],
      AFD_RECORD_LENGTHS['2'],
      AFD_RECORD_LENGTHS['5'],
      AFD_RECORD_LENGTHS['5'],
      AFD_RECORD_LENGTHS['7'],
      AFD_RECORD_LENGTHS['7'],
      AFD_RECORD_LENGTHS['7'],
      AFD_RECORD_LENGTHS['9'],
      AFD_RECORD_LENGTHS.A,
    ]);
    expect(AFD_RECORD_LENGTHS).toMatchObject({ '1': 302, '2': 331, '5': 118, '7': 137, '9': 64 });
  });

  it('writes ISO-8859-1 bytes: one byte per character, á as 0xE1', async () => {
    const file = await buildAfd(data);
    expect(file.bytes.length).toBe(file.text.length);
    const header = file.bytes.slice(0, 302);
    expect(header[39 + 'Farm'.length]).toBe(0xe1); // á
    expect(new TextDecoder('latin1').decode(file.bytes)).toBe(file.text);
    expect([...file.bytes.slice(300, 304)]).toEqual([...new TextEncoder().encode('14'), 0x0d, 0x0a]);
  });

  it('chains record 7: the hash recomputed from the file verifies, and a changed punch breaks it from there on', async () => {
    const { text } = await buildAfd(data);
    const sound = await verifyAfd(text);
    expect(sound.problems).toEqual([]);
    expect(sound.nsrs).toEqual([41, 42, 43]);
    expect(sound.counts).toMatchObject({ '1': 1, '2': 1, '5': 2, '7': 3, '9': 1, A: 1 });

    // One minute moved on NSR 42: its own hash no longer matches; record 43 still chains to the stored hash of 42.
    const tampered = text.replace('000000042' + '7' + '2026-11-03T08:05', '000000042' + '7' + '2026-11-03T08:06');
    expect((await verifyAfd(tampered)).problems).toEqual(['Linha 6: hash do registro 7 (NSR 42) não confere']);
  });

  it('flags a changed header through its CRC and a wrong trailer count', async () => {
    const { text } = await buildAfd(data);
    const renamed = text.replaceAll('Farmácia Exemplo', 'Farmácia Exemplx');
    expect((await verifyAfd(renamed)).problems).toEqual(['Linha 1: CRC do registro tipo 1 não confere', 'Linha 2: CRC do registro tipo 2 não confere']);
    const miscounted = text.replace('000000003' + '9', '000000004' + '9');
    expect((await verifyAfd(miscounted)).problems).toEqual(['Trailer: 4 registros tipo 7, o arquivo tem 3']);
  });

  it('refuses punches out of NSR order instead of writing a broken file', async () => {
    await expect(buildAfd({ ...data, punches: [...data.punches].reverse() })).rejects.toThrow('ordem de NSR');
  });

  it('leaves the responsible CPF blank when whoever generates the file has none', async () => {
    const lines = (await buildAfd({ ...data, responsible_cpf: null })).text.split('\r\n');
    expect(lines[1]?.slice(34, 48)).toBe(spaces(14));
    expect(lines[2]?.slice(103, 114)).toBe(spaces(11));
    expect((await verifyAfd(lines.join('\r\n'))).problems).toEqual([]);
  });

  it('writes an empty period as header, identification, trailer and notice', async () => {
    const { text } = await buildAfd({ ...data, employees: [], punches: [] });
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe('999999999' + '000000001' + '0'.repeat(9 * 5) + '9');
  });
});
