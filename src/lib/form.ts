import * as z from 'zod/mini';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** Validates `values`; returns the parsed data or the first message per field. */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  values: unknown,
): { success: true; data: z.infer<S> } | { success: false; errors: FieldErrors<z.infer<S>> } {
  const result = z.safeParse(schema, values);
  if (result.success) return { success: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return { success: false, errors: errors as FieldErrors<z.infer<S>> };
}
