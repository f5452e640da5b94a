import { z } from 'zod';

const envSchema = z.object({
  VITE_SUPABASE_URL: z.url({ message: 'VITE_SUPABASE_URL deve ser uma URL (veja .env.example).' }),
  VITE_SUPABASE_ANON_KEY: z.string().min(1, { message: 'VITE_SUPABASE_ANON_KEY é obrigatória (veja .env.example).' }),
});

export type AppEnv = z.infer<typeof envSchema>;

/** Parses the Vite environment; throws a readable error naming every missing or invalid variable. */
export function parseEnv(source: Record<string, unknown>): AppEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Configuração inválida do ambiente:\n${details}`);
  }
  return result.data;
}

export const env: AppEnv = parseEnv(import.meta.env);
