/** The Portuguese texts of /analise-faltas and /analise-dias-compras (the shared ones are in analytics/messages.ts). */
export const leadTimeMessages = {
  shortageDescription: 'Quais produtos mais faltam, onde, com que frequência voltam a faltar e quanto tempo cada falta espera pela compra.',
  purchaseDaysDescription: 'Quantos dias vão da falta ao pedido e à entrega, por fornecedor, produto e dia da semana do pedido, e se os fornecedores cumprem o prazo prometido.',
  recurrenceLabel: 'Recorrência (dias)',
  recurrenceDescription: 'A mesma falta na mesma unidade dentro desse prazo conta como recorrente.',
  recurrenceInvalid: 'Informe de 1 a 365 dias.',
  noShortages: 'Nenhuma falta registrada no período. Amplie o período ou remova filtros.',
  noRecurring: 'Nenhuma falta recorrente no período. Aumente a recorrência em dias ou amplie o período.',
  noOrders: 'Nenhum pedido no período. Amplie o período ou remova filtros.',
  noReceived: 'Nenhum pedido recebido no período: ainda não há prazos de entrega. Amplie o período ou remova filtros.',
  grainShortage: 'Grão: falta',
  grainOrder: 'Grão: pedido',
  grainLine: 'Grão: linha de pedido',
} as const;
