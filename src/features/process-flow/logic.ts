/** The flow's drawing rules: which stages form each path, and where each stage is worked (when the user may go there). */
import { paths } from '@/config/paths';
import { ROUTE_ACCESS, type GuardedPath } from '@/config/permissions';
import { canAccessRoute, type AccessSubject } from '@/lib/permissions';
import type { ProcessFlow, ProcessStageKey } from '@/features/process-flow/schemas';

/** The purchasing path and the shipment path, in order. */
export const PURCHASING_PATH: readonly ProcessStageKey[] = ['faltas', 'lotes', 'cotacoes', 'vencedores', 'pedidos', 'entregas'];
export const SHIPMENT_PATH: readonly ProcessStageKey[] = ['remessas', 'assinaturas'];

/**
 * The screens where each stage is worked, best first: the stage links to the first one the user may open
 * (a buyer picks winners on /compras, a representative answers on /cotacoes and follows orders on /itens-vitoriosos).
 */
export const STAGE_SCREENS: Record<ProcessStageKey, readonly GuardedPath[]> = {
  faltas: [paths.shortages],
  lotes: [paths.purchases],
  cotacoes: [paths.quotes, paths.purchases],
  vencedores: [paths.purchases, paths.quoteAnalysis],
  pedidos: [paths.purchases, paths.winningItems],
  entregas: [paths.purchases, paths.winningItems],
  remessas: [paths.shipments],
  assinaturas: [paths.shipmentSignatures],
};

/** Where a stage links for this user, or null when none of its screens is open to them (the stage shows without a link). */
export function stageLink(user: AccessSubject, key: ProcessStageKey): GuardedPath | null {
  return STAGE_SCREENS[key].find((path) => canAccessRoute(user, ROUTE_ACCESS[path])) ?? null;
}

/** A stage's count by key (null when the caller does not see it or the answer lacks it). */
export function stageCount(flow: ProcessFlow | undefined, key: ProcessStageKey): number | null {
  return flow?.stages.find((s) => s.key === key)?.count ?? null;
}
