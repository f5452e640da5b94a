import { z } from 'zod';

/** The stages get_process_flow counts, in the order the page draws them. */
export const PROCESS_STAGE_KEYS = ['faltas', 'lotes', 'cotacoes', 'vencedores', 'pedidos', 'entregas', 'remessas', 'assinaturas'] as const;
export type ProcessStageKey = (typeof PROCESS_STAGE_KEYS)[number];

/** get_process_flow(): each stage's count in the caller's scope, null for a stage the caller's role never sees. */
export const processFlowSchema = z.object({
  stages: z.array(z.object({ key: z.enum(PROCESS_STAGE_KEYS), count: z.number().int().nonnegative().nullable() })),
});

export type ProcessFlow = z.infer<typeof processFlowSchema>;
