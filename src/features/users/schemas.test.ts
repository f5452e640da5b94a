import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { roleFormSchema, unitFormSchema, userFormSchema, type UserFormValues } from '@/features/users/schemas';

const valid: UserFormValues = {
  mode: 'create',
  fullName: ' Maria Souza ',
  email: ' Maria@Farmacia.Local ',
  password: '',
  roleId: 'r',
  unitIds: ['u1', 'u2'],
  unitId: 'u2',
  supplierId: null,
  permissionIds: [],
  cpf: '',
  admissionDate: '',
  jobTitle: '',
};

function messages(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = z.safeParse(schema, values);
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('userFormSchema', () => {
  it('trims the name, lower-cases the email; a blank password means an invitation', () => {
    const parsed = z.parse(userFormSchema, valid);
    expect(parsed.fullName).toBe('Maria Souza');
    expect(parsed.email).toBe('maria@farmacia.local');
    expect(parsed.password).toBe('');
  });
  it('refuses a weak password on create, a current unit outside the units, a blank name and a bad email', () => {
    expect(messages(userFormSchema, { ...valid, password: 'fraquinha' })).toEqual({ password: 'A senha deve ter pelo menos 8 caracteres, com letras maiúsculas, minúsculas e números.' });
    expect(messages(userFormSchema, { ...valid, unitId: 'u3' })).toEqual({ unitId: 'A unidade atual deve estar entre as unidades do usuário.' });
    expect(messages(userFormSchema, { ...valid, fullName: '  ' })).toMatchObject({ fullName: 'Informe o nome do usuário.' });
    expect(messages(userFormSchema, { ...valid, email: 'maria' })).toMatchObject({ email: 'Informe um email válido.' });
  });
  it('accepts a strong password', () => {
    expect(messages(userFormSchema, { ...valid, password: 'Farmacia2026' })).toEqual({});
  });
  it('employee record: a CPF with right check digits (formatted or not), a past admission date, a job title up to 120 characters', () => {
    expect(messages(userFormSchema, { ...valid, cpf: '529.982.247-25', admissionDate: '2024-03-04', jobTitle: 'Balconista' })).toEqual({});
    expect(messages(userFormSchema, { ...valid, cpf: '52998224725', jobTitle: 'x'.repeat(120) })).toEqual({});
    expect(z.parse(userFormSchema, { ...valid, cpf: ' 529.982.247-25 ', jobTitle: '  Caixa ' })).toMatchObject({ cpf: '529.982.247-25', jobTitle: 'Caixa' });
  });
  it('employee record: refuses wrong CPF digits, a future or pre-1940 admission and a job title over 120 characters, in the database\'s words', () => {
    expect(messages(userFormSchema, { ...valid, cpf: '529.982.247-24' })).toEqual({ cpf: 'CPF inválido: confira os dígitos' });
    expect(messages(userFormSchema, { ...valid, cpf: '111.111.111-11' })).toEqual({ cpf: 'CPF inválido: confira os dígitos' });
    expect(messages(userFormSchema, { ...valid, admissionDate: '2999-01-01' })).toEqual({ admissionDate: 'A data de admissão não pode ser futura' });
    expect(messages(userFormSchema, { ...valid, admissionDate: '1939-12-31' })).toEqual({ admissionDate: 'A data de admissão deve ser a partir de 01/01/1940' });
    expect(messages(userFormSchema, { ...valid, admissionDate: '2024-02-30' })).toEqual({ admissionDate: 'Informe uma data válida.' });
    expect(messages(userFormSchema, { ...valid, jobTitle: 'x'.repeat(121) })).toEqual({ jobTitle: 'O cargo deve ter no máximo 120 caracteres' });
  });
});

describe('roleFormSchema and unitFormSchema', () => {
  it('need a name within limits', () => {
    expect(messages(roleFormSchema, { name: ' ', isAdmin: false, permissions: [], menuPaths: [], homeActions: [] })).toEqual({ name: 'Informe o nome do perfil.' });
    expect(messages(unitFormSchema, { name: 'Unidade Leste', address: 'x'.repeat(301), legalName: '', cnpj: '' })).toEqual({ address: 'O endereço deve ter no máximo 300 caracteres.' });
  });
  it('a unit\'s CNPJ has right check digits; its razão social at most 150 characters', () => {
    const unit = { name: 'Unidade Leste', address: '', legalName: 'Rede de Farmácias Exemplo Ltda', cnpj: '11.222.333/0001-81' };
    expect(messages(unitFormSchema, unit)).toEqual({});
    expect(messages(unitFormSchema, { ...unit, cnpj: '' })).toEqual({});
    expect(messages(unitFormSchema, { ...unit, cnpj: '11.222.333/0001-82' })).toEqual({ cnpj: 'CNPJ inválido: confira os dígitos' });
    expect(messages(unitFormSchema, { ...unit, legalName: 'x'.repeat(151) })).toEqual({ legalName: 'A razão social deve ter no máximo 150 caracteres.' });
  });
});
