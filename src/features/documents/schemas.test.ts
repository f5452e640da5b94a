import { describe, expect, it } from 'vitest';
import { actionFormSchema, documentDetailSchema, documentFormSchema, documentPayload, parseQuantity, type DocumentFormValues } from '@/features/documents/schemas';

const valid: DocumentFormValues = {
  title: ' Recolhimento do lote X ',
  body: 'Retirar das prateleiras.',
  category: 'RECALL',
  demand: 'ACAO',
  due_date: '2026-12-03',
  audience_all: false,
  audience_unit_ids: ['u1'],
  audience_roles: [],
  valid_from: '2026-11-26',
  valid_until: '',
  allow_replies: true,
};

function messages(values: DocumentFormValues): string[] {
  const result = documentFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the publishing form', () => {
  it('accepts a complete document and sends blanks as null, everyone without lists', () => {
    expect(messages(valid)).toEqual([]);
    expect(documentPayload(valid)).toMatchObject({ title: 'Recolhimento do lote X', valid_until: null, due_date: '2026-12-03', audience_unit_ids: ['u1'] });
    expect(documentPayload({ ...valid, demand: 'NENHUMA', audience_all: true })).toMatchObject({ due_date: null, audience_unit_ids: [], audience_roles: [] });
  });

  it('says in Portuguese what is missing or inconsistent', () => {
    expect(messages({ ...valid, title: '  ', body: '' })).toEqual(['Informe o título do documento', 'Informe o texto do documento']);
    expect(messages({ ...valid, due_date: '' })).toEqual(['Informe o prazo da exigência']);
    expect(messages({ ...valid, due_date: '2026-11-01' })).toEqual(['O prazo não pode ser anterior ao início da validade']);
    expect(messages({ ...valid, valid_until: '2026-11-25' })).toEqual(['O fim da validade não pode ser anterior ao início']);
    expect(messages({ ...valid, audience_unit_ids: [] })).toEqual(['Escolha o público do documento']);
    expect(messages({ ...valid, title: 'x'.repeat(201) })).toEqual(['O título deve ter no máximo 200 caracteres']);
  });
});

describe('the action proof', () => {
  it('needs a unit, a lot and a quantity above zero, written the Brazilian way or not', () => {
    expect(actionFormSchema.safeParse({ unit_id: 'u', lot: 'L1', quantity: '1.234,5', notes: '' }).success).toBe(true);
    const refused = actionFormSchema.safeParse({ unit_id: '', lot: ' ', quantity: '0', notes: '' });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual([
      'Escolha a unidade',
      'Informe o lote',
      'Informe a quantidade recolhida (maior que zero)',
    ]);
    expect(parseQuantity('1.234,5')).toBe(1234.5);
    expect(parseQuantity('12.5')).toBe(12.5);
    expect(parseQuantity('3')).toBe(3);
  });
});

describe('get_document answers', () => {
  it('parse with numeric sizes and quantities given as strings', () => {
    const parsed = documentDetailSchema.parse({
      id: 'd',
      title: 'T',
      category: 'RECALL',
      demand: 'ACAO',
      due_date: '2026-12-03',
      overdue: false,
      version: 1,
      created_at: '2026-11-26T12:00:00Z',
      created_by_name: 'Ana',
      valid_from: '2026-11-26',
      valid_until: null,
      archived: false,
      excerpt: 'x',
      my: { read_at: null, acknowledged_at: null, acknowledged_version: null, pending: true, unit_done: false },
      body: 'x',
      content_hash: 'ab',
      ack_version: 1,
      audience_all: true,
      audience_unit_ids: [],
      audience_roles: [],
      allow_replies: false,
      can_manage: false,
      files: [{ id: 'f', file_name: 'a.pdf', mime_type: 'application/pdf', size_bytes: '1024', path: 'd/a.pdf' }],
      versions: [],
      actions: [
        { id: 'a', unit_id: 'u', unit_name: 'Centro', lot: 'L', quantity: '2.500', notes: null, photo_path: null, responsible_name: 'Bruno', confirmed_at: 'x', version: 1 },
      ],
      replies: [],
      my_units: [{ id: 'u', name: 'Centro' }],
    });
    expect(parsed.files[0]?.size_bytes).toBe(1024);
    expect(parsed.actions[0]?.quantity).toBe(2.5);
  });
});
