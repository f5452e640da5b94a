import * as z from 'zod/mini';
import { barcodeError } from '@/lib/barcode';

/** Product form: name required; barcode optional, digits with a GTIN check digit (as the database enforces). */
export const productFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: 'Nome do produto é obrigatório' })),
  barcode: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || barcodeError(value) === null, {
      error: (issue) => barcodeError(String(issue.input)) ?? 'Código de barras inválido',
    }),
  ),
  description: z.string().check(z.trim()),
  groupId: z.nullable(z.string()),
});
export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormData = z.output<typeof productFormSchema>;

export const categoryFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: 'Nome do grupo é obrigatório' })),
  description: z.string().check(z.trim()),
});
export type CategoryFormValues = z.input<typeof categoryFormSchema>;
