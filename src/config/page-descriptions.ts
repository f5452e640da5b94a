/**
 * What each page is for, in one line: under the menu item's name in the sidebar tooltip, so two items that read
 * alike ('Meu Ponto' and 'Meu Ponto (Admin)') are told apart without opening them, and on the home cards. The
 * names stay the spec's (src/config/permissions.ts); the lines live apart so the sign-in page never loads them.
 */
import { paths } from '@/config/paths';

export const PAGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  [paths.home]: 'Seus atalhos e o resumo do dia.',
  [paths.documents]: 'Comunicados, procedimentos e recolhimentos, com ciência e ação por unidade.',
  [paths.mail]: 'Mensagens internas entre unidades e compras.',
  [paths.processFlow]: 'O caminho da falta à entrega, com o que está em cada etapa agora.',
  [paths.shortages]: 'Registre produtos em falta na sua unidade.',
  [paths.products]: 'Cadastre e organize produtos e grupos.',
  [paths.boletos]: 'Lance, pague e acompanhe boletos.',
  [paths.importHistory]: 'Importações de planilhas e linhas rejeitadas.',
  [paths.shipments]: 'Envie produtos para outra unidade.',
  [paths.shipmentSignatures]: 'Links de assinatura e recebimentos das remessas.',
  [paths.purchases]: 'Agrupe faltas em lotes e acompanhe os pedidos.',
  [paths.quotes]: 'Responda aos lotes de cotação com seus preços.',
  [paths.winningItems]: 'Veja os itens em que sua cotação venceu.',
  [paths.quoteAnalysis]: 'Compare preços entre fornecedores e cotações.',
  [paths.shortageAnalysis]: 'Produtos que mais faltam, por unidade e período.',
  [paths.purchaseDaysAnalysis]: 'Quanto tempo cada compra leva, da falta ao pedido.',
  [paths.boletoReport]: 'Boletos pendentes, vencidos e pagos por unidade e fornecedor.',
  [paths.purchaseReport]: 'Pedidos de compra por período, unidade e fornecedor.',
  [paths.punchClock]: 'Registre sua entrada, intervalo e saída.',
  [paths.myPunches]: 'Seu espelho do mês: marcações, horas e saldo.',
  [paths.punchAdmin]: 'Termo LGPD do ponto e consentimentos da equipe.',
  [paths.punchComputers]: 'Computadores autorizados a registrar o ponto.',
  [paths.punchDashboard]: 'Quem está trabalhando agora, em cada unidade.',
  [paths.punchReports]: 'Horas da equipe por funcionário e unidade.',
  [paths.users]: 'Administre usuários, funções, permissões e unidades.',
  [paths.scheduleManagement]: 'Jornadas e escalas dos funcionários.',
};
