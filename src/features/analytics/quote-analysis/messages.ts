/** The Portuguese of /analise-cotacoes ('Análise de Cotações Avançada'). */
export const quoteAnalysisMessages = {
  title: 'Análise de Cotações Avançada',
  description: 'Quem é de fato mais barato quando bonificação, prazo de pagamento e quantidade mínima contam, e quanto as escolhas economizaram.',
  representativeDescription: 'Seus números nos lotes do período: convites, respostas, itens ganhos e, nos lotes encerrados, sua posição e a distância até o melhor preço.',
  costOfMoney: 'Custo do dinheiro (% ao mês)',
  costOfMoneyHint: 'Usado para trazer o prazo de pagamento a valor presente (padrão 2 %).',
  exportMatrix: 'Exportar matriz (XLSX)',
  exportingMatrix: 'Exportando matriz…',
  matrixTitle: 'Análise de Cotações: matriz fornecedor × item',
  matrixEmpty: 'Nenhuma oferta no período para exportar. Amplie o período ou remova filtros.',
  matrixTruncated: (shown: string, total: string) => `A matriz tem ${total} itens; o arquivo traz os ${shown} mais recentes. Reduza o período para ter todos.`,
  matrixError: 'Erro ao exportar a matriz de preços',
  emptyAll: 'Nenhum lote enviado para cotação no período. Amplie o período ou remova filtros.',
  emptyLines: 'Nenhum item seu em lotes encerrados no período. Amplie o período ou remova filtros.',
  itemsTruncated: (shown: string, total: string) => `Mostrando os ${shown} itens mais recentes de ${total}. Reduza o período para ver todos.`,
  offersTruncated: (shown: string, total: string) => `Mostrando as ${shown} ofertas mais recentes de ${total}. Reduza o período ou filtre um fornecedor para ver todas.`,
  linesTruncated: (shown: string, total: string) => `Mostrando os ${shown} itens mais recentes de ${total}. Reduza o período para ver todos.`,
  effectiveDiffers: 'Custo efetivo muda o melhor',
  yes: 'Sim',
  no: 'Não',
} as const;

/** Grains stated in every tooltip (contract: the metric's grain). */
export const GRAIN = {
  batch: 'Grão: lote',
  quote: 'Grão: cotação',
  item: 'Grão: item cotado (linha de cotação)',
} as const;
