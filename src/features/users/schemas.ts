/** The /usuarios forms' schemas: values as typed, the same rules the function and the database apply. */
import * as z from 'zod/mini';

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
});
export type UnitFormValues = z.input<typeof unitFormSchema>;
export type UnitFormData = z.output<typeof unitFormSchema>;
