/** The /usuarios forms' schemas: values as typed, the same rules the function and the database apply. */
import * as z from 'zod/mini';
import { isValidCnpj, isValidCpf } from '@/lib/br-documents';
import { isIsoDay, toAppDateString } from '@/lib/dates';

const NAME_MAX = 120;

/** config.toml: at least 8 characters with lower- and upper-case letters and digits. */
function strongPassword(value: string): boolean {
  return value.length >= 8 && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}

export const userFormSchema = z
  .object({
    mode: z.enum(['create', 'edit']),
    fullName: z.string().check(z.trim(), z.minLength(1, 'Informe o nome do usuário.'), z.maxLength(NAME_MAX, 'O nome deve ter no máximo 120 caracteres.')),
    email: z.string().check(z.trim(), z.toLowerCase(), z.email('Informe um email válido.')),
    /** Create only: blank sends an invitation by email instead. */
    password: z.string(),
    roleId: z.nullable(z.string()),
    unitIds: z.array(z.string()),
    unitId: z.nullable(z.string()),
    supplierId: z.nullable(z.string()),
    permissionIds: z.array(z.string()),
    // The employee record (issue 26), saved by set_employee_record after the account: blank fields are left empty.
    // A CPF the manager may only see masked is not in the form (blank keeps it) until they choose to replace it.
    cpf: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isValidCpf(value), 'CPF inválido: confira os dígitos'),
    ),
    admissionDate: z.string().check(
      z.refine((value) => value === '' || isIsoDay(value), 'Informe uma data válida.'),
      z.refine((value) => value === '' || !isIsoDay(value) || value <= toAppDateString(new Date()), 'A data de admissão não pode ser futura'),
      z.refine((value) => value === '' || !isIsoDay(value) || value >= '1940-01-01', 'A data de admissão deve ser a partir de 01/01/1940'),
    ),
    jobTitle: z.string().check(z.trim(), z.maxLength(120, 'O cargo deve ter no máximo 120 caracteres')),
  })
  .check(
    z.refine((values) => values.mode === 'edit' || values.password === '' || strongPassword(values.password), {
      error: 'A senha deve ter pelo menos 8 caracteres, com letras maiúsculas, minúsculas e números.',
      path: ['password'],
    }),
    z.refine((values) => values.unitId === null || values.unitIds.includes(values.unitId), {
      error: 'A unidade atual deve estar entre as unidades do usuário.',
      path: ['unitId'],
    }),
  );
export type UserFormValues = z.input<typeof userFormSchema>;
export type UserFormData = z.output<typeof userFormSchema>;

export const roleFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Informe o nome do perfil.'), z.maxLength(60, 'O nome do perfil deve ter no máximo 60 caracteres.')),
  isAdmin: z.boolean(),
  permissions: z.array(z.string()),
  menuPaths: z.array(z.string()),
  homeActions: z.array(z.string()),
});
export type RoleFormValues = z.input<typeof roleFormSchema>;
export type RoleFormData = z.output<typeof roleFormSchema>;

export const unitFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Informe o nome da unidade.'), z.maxLength(120, 'O nome deve ter no máximo 120 caracteres.')),
  address: z.string().check(z.trim(), z.maxLength(300, 'O endereço deve ter no máximo 300 caracteres.')),
  // Issue 26: the employer's identity the AFD, the espelho and the receipt print.
  legalName: z.string().check(z.trim(), z.maxLength(150, 'A razão social deve ter no máximo 150 caracteres.')),
  cnpj: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || isValidCnpj(value), 'CNPJ inválido: confira os dígitos'),
  ),
});
export type UnitFormValues = z.input<typeof unitFormSchema>;
export type UnitFormData = z.output<typeof unitFormSchema>;
