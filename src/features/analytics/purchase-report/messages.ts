/** The Portuguese texts of /relatorio-compras. */
export const purchaseReportMessages = {
  description: 'Pedidos de compra por período, fornecedor e unidade: valores, linhas e economia obtida nas cotações (horário de Brasília).',
  empty: 'Nenhum pedido no período. Amplie o período ou remova filtros.',
  truncated: (shown: string) => `Mostrando os ${shown} pedidos mais recentes; os totais incluem todos. Restrinja o período ou os filtros para ver os demais.`,
  orderNotFound: 'Pedido não encontrado. Ele pode ter sido excluído.',
  orderLoadError: 'Erro ao carregar o pedido',
  unitOrdersNote: 'Um pedido pode atender várias unidades: a soma dos pedidos por unidade pode passar do total.',
  grainOrder: 'Grão: pedido',
  grainLine: 'Grão: linha de pedido',
} as const;
