/** Portuguese messages of /fluxo-processo (the feature owns them). */
import { databaseOwnMessage, GENERIC_ERROR_MESSAGE } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';
import type { ProcessStageKey } from '@/features/process-flow/schemas';

export const processFlowMessages = {
  intro: 'O caminho de uma compra, da falta à entrega, e o de uma remessa entre unidades, com quantos itens esperam em cada etapa agora.',
  purchasing: 'Compras',
  shipments: 'Remessas entre unidades',
  loadError: 'Erro ao carregar o fluxo de processo',
  updatedAt: (time: string) => `Atualizado às ${time}`,
  /** A stage the caller's role does not see: no number. */
  notVisible: 'Fora do seu acesso',
  openStage: (label: string) => `Abrir ${label}`,
  stages: {
    faltas: { label: 'Faltas', detail: 'Faltas pendentes, ainda fora de um lote' },
    lotes: { label: 'Lotes', detail: 'Lotes em montagem pelas compras' },
    cotacoes: { label: 'Cotações', detail: 'Cotações em andamento com os fornecedores' },
    vencedores: { label: 'Vencedores', detail: 'Lotes cotados aguardando a escolha dos vencedores' },
    pedidos: { label: 'Pedidos', detail: 'Vencedores escolhidos, pedido ainda não enviado' },
    entregas: { label: 'Entregas', detail: 'Pedidos enviados aguardando o recebimento' },
    remessas: { label: 'Remessas', detail: 'Remessas solicitadas aguardando o despacho' },
    assinaturas: { label: 'Assinaturas', detail: 'Remessas despachadas aguardando a assinatura de quem recebe' },
  } satisfies Record<ProcessStageKey, { label: string; detail: string }>,
};

export function processFlowErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  return databaseOwnMessage(error) ?? GENERIC_ERROR_MESSAGE;
}
