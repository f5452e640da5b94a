import * as z from 'zod/mini';

/** Authorizing this browser: a name people recognise and the unit where it stands. */
const computerName = z.string().check(z.trim(), z.minLength(1, 'Informe o nome do computador.'), z.maxLength(80, 'O nome deve ter no máximo 80 caracteres.'));

export const computerFormSchema = z.object({
  name: computerName,
  unitId: z.string().check(z.minLength(1, 'Escolha a unidade.')),
});

export const computerNameSchema = z.object({ name: computerName });
export type ComputerFormValues = z.input<typeof computerFormSchema>;
