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
});

describe('roleFormSchema and unitFormSchema', () => {
  it('need a name within limits', () => {
    expect(messages(roleFormSchema, { name: ' ', isAdmin: false, permissions: [], menuPaths: [], homeActions: [] })).toEqual({ name: 'Informe o nome do perfil.' });
    expect(messages(unitFormSchema, { name: 'Unidade Leste', address: 'x'.repeat(301) })).toEqual({ address: 'O endereço deve ter no máximo 300 caracteres.' });
  });
});
