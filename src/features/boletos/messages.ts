/** Portuguese messages of /boletos (the feature owns them). */
import { formatCount, formatCurrency, formatDay, formatNumber, plural } from '@/lib/dates';
import { codeOf, databaseOwnMessage, GENERIC_ERROR_MESSAGE, messageOf } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

// --- The code (code.ts: what parsing a barcode or linha digitável refuses) ------------------------
// One message per defect, the first the parser meets, each saying what to do. The clerk reads the
// linha as printed (groups of digits), so the fields are named with their place in it.

/** What the clerk is typing, by its length (expectedCodeLength in code.ts decides which). */
const CODE_LENGTH_NAMES = {
  44: 'um código de barras (44)',
  47: 'um boleto bancário (47)',
  48: 'uma conta de consumo ou tributo (48)',
} as const;

const TYPE_AGAIN = 'Digite novamente ou use o leitor.';

export const boletoCodeMessages = {
  empty: 'Informe o código de barras ou a linha digitável.',
  notDigits: 'Use apenas os números do código: apague letras e outros sinais.',
  field1: `Confira o campo 1 (o 1º grupo de números): o dígito verificador não confere. ${TYPE_AGAIN}`,
  field2: `Confira o campo 2 (o 2º grupo de números): o dígito verificador não confere. ${TYPE_AGAIN}`,
  field3: `Confira o campo 3 (o 3º grupo de números): o dígito verificador não confere. ${TYPE_AGAIN}`,
  generalDv: `Confira o código: o dígito verificador não confere. ${TYPE_AGAIN}`,
  currency: `Confira o código: o 4º dígito deve ser 9 (só boletos em reais são aceitos). ${TYPE_AGAIN}`,
  valueId: `Confira o código: numa conta de consumo ou tributo o 3º dígito é 6, 7, 8 ou 9. ${TYPE_AGAIN}`,
  block1: `Confira o bloco 1 (o 1º grupo de números): o dígito verificador não confere. ${TYPE_AGAIN}`,
  block2: `Confira o bloco 2 (o 2º grupo de números): o dígito verificador não confere. ${TYPE_AGAIN}`,
  block3: `Confira o bloco 3 (o 3º grupo de números): o dígito verificador não confere. ${TYPE_AGAIN}`,
  block4: `Confira o bloco 4 (o 4º grupo de números): o dígito verificador não confere. ${TYPE_AGAIN}`,
  /**
   * A code of `digits` digits (separators removed) when the clerk is typing one of `expected`:
   * 'Falta 1 dígito para um boleto bancário (47)', 'Sobram 2 dígitos para um código de barras (44)'.
   * Also the field's live counter while typing.
   */
  length: (digits: number, expected: 44 | 47 | 48) => {
    const gap = Math.abs(expected - digits);
    const verb = digits < expected ? plural(gap, 'Falta', 'Faltam') : plural(gap, 'Sobra', 'Sobram');
    return `${verb} ${formatCount(gap, 'dígito', 'dígitos')} para ${CODE_LENGTH_NAMES[expected]}`;
  },
} as const;

/** The key of each message of boletoCodeMessages: what is wrong with a code. */
export type BoletoCodeDefect = keyof typeof boletoCodeMessages;

// --- Entry (code field, form, warnings, attachments) ---------------------------------------------
export const boletoEntryMessages = {
  cardTitle: 'Novo boleto',
  cardDescription: 'Escaneie o código de barras, cole ou digite a linha digitável: valor, vencimento e banco são lidos do código.',
  editTitle: 'Editar boleto',
  editDescription: 'Altere os dados do boleto pendente. O código pode ser lido novamente.',
  created: 'Boleto lançado',
  updated: 'Boleto atualizado',
  /** Under 'Boleto lançado' / 'Boleto atualizado': 'Distribuidora Alfa · R$ 1.987,00 · vence em 26/11/2026'. */
  savedDetail: (payee: string, amount: number, dueDate: string) => `${payee} · ${formatCurrency(amount)} · vence em ${formatDay(dueDate)}`,
  createError: 'Erro ao lançar o boleto',
  updateError: 'Erro ao salvar o boleto',
  warningsError: 'Não foi possível conferir duplicidades antes de salvar',
  optionsLoadError: 'Erro ao carregar unidades e fornecedores',
  noUnits: 'Você não tem unidades em que possa lançar boletos.',
  codePlaceholder: 'Escaneie, cole ou digite',
  codeHint: 'Leitores USB digitam o código e teclam Enter; pontos, espaços e quebras de linha são ignorados.',
  codeAt44Hint: 'Se estiver digitando a linha digitável, continue: ela tem 47 dígitos (48 numa conta de consumo ou tributo).',
  codeChecked: 'Código conferido: todos os dígitos verificadores estão corretos.',
  /** The list of the supplier's warnings shown under the code as soon as they are known. */
  inlineWarningsLabel: 'Avisos sobre este boleto',
  dueFromFactor: 'Vencimento calculado pelo fator (ajuste se necessário)',
  dueArrecadacao: 'Contas de consumo e tributos não trazem o vencimento no código: informe a data',
  dueWithoutFactor: 'Este boleto não traz vencimento no código: informe a data',
  dueAdjusted: (codeDay: string) => `Vencimento alterado manualmente (o código indica ${codeDay})`,
  duePast: 'Atenção: este vencimento já passou.',
  amountFromCode: 'Valor lido do código (não pode ser alterado)',
  amountNotInCode: 'Este código não traz o valor: informe-o',
  amountAwaitingCode: 'Preenchido ao ler o código',
  attachmentNotSentTitle: 'Anexo não enviado',
  attachmentNotSent: (reason: string) => `Boleto salvo, mas o anexo não foi enviado: ${reason}. Anexe novamente pela lista.`,
  warningsTitle: 'Confira antes de salvar',
  warningsDescription: 'Encontramos boletos que podem ser o mesmo ou sinais de fraude:',
  warningsQuestion: 'Salve apenas se tiver certeza de que este boleto é legítimo e ainda não foi lançado.',
  confirmAnyway: 'Salvar mesmo assim',
  offline: NETWORK_ERROR_MESSAGE,
  notFound: 'Boleto não encontrado ou sem permissão para alterá-lo.',
  forbidden: 'Você não tem permissão para lançar boletos nesta unidade.',
  missingReference: 'A unidade ou o fornecedor escolhido não existe mais. Atualize a página e escolha novamente.',
} as const;

/** The database's check constraints on boletos, as the form words them (the trigger's own messages come first). */
const BOLETO_CONSTRAINT_MESSAGES: Readonly<Record<string, string>> = {
  boletos_barcode_valid: 'Código de barras inválido.',
  boletos_amount_range: 'O valor deve ser maior que zero e no máximo R$ 99.999.999,99.',
  boletos_amount_matches_code: 'O valor informado difere do valor do código.',
  boletos_due_date_range: 'O vencimento deve estar entre 01/01/2000 e 31/12/2100.',
  boletos_issue_before_due: 'A data de emissão deve ser igual ou anterior ao vencimento (e a partir de 01/01/2000).',
  boletos_payee: 'Informe o fornecedor ou o beneficiário.',
  boletos_text_limits: 'Beneficiário até 160 caracteres, documento até 60 e observações até 1000.',
};

/**
 * A refusal of the entry's writes and checks as the user reads it: a lost connection, the
 * database's own Portuguese message (trigger, check_boleto_warnings), a check constraint by name,
 * a permission refusal, or the generic message.
 */
export function boletoEntryErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return boletoEntryMessages.offline;
  const own = databaseOwnMessage(error);
  if (own) return own;
  const code = codeOf(error);
  const text = `${messageOf(error)} ${error && typeof error === 'object' && 'details' in error ? String(error.details) : ''}`;
  for (const [constraint, message] of Object.entries(BOLETO_CONSTRAINT_MESSAGES)) if (text.includes(constraint)) return message;
  if (code === 'PGRST116') return boletoEntryMessages.notFound;
  if (code === '42501') return boletoEntryMessages.forbidden;
  if (code === '23503') return boletoEntryMessages.missingReference;
  return GENERIC_ERROR_MESSAGE;
}

/** Why an attachment upload failed, to complete 'o anexo não foi enviado: …' (lower case, no final period). */
export function attachmentErrorReason(error: unknown): string {
  if (isNetworkError(error)) return 'sem conexão com o servidor';
  const message = messageOf(error);
  if (/row-level security|unauthorized|access denied|permission/i.test(message)) return 'sem permissão para anexar arquivos a este boleto';
  if (/maximum allowed size|too large|exceeded/i.test(message)) return 'o arquivo passa de 10 MB';
  if (/mime type|not supported|invalid.*type/i.test(message)) return 'o tipo de arquivo não é aceito (use PDF, JPG, PNG ou WEBP)';
  if (/invalid key/i.test(message)) return 'o nome do arquivo não é aceito';
  return 'erro inesperado no envio';
}

// --- List (filters, paging, payment, cancel, reopen, delete, history) -----------------------------
export const boletoListMessages = {
  loadError: 'Erro ao carregar os boletos',
  empty: 'Nenhum boleto encontrado com estes filtros',
  emptyPending: 'Nenhum boleto pendente. Tudo em dia!',
  clearFilters: 'Limpar filtros',
  showAll: 'Ver todos os boletos',
  filtersLoadError: 'Erro ao carregar unidades e fornecedores dos filtros',
  copyLinha: 'Copiar linha digitável',
  linhaCopied: 'Linha digitável copiada',
  copyError: 'Não foi possível copiar; selecione a linha e copie manualmente',
  paid: (count: number) => plural(count, 'Boleto marcado como pago', `${formatNumber(count)} boletos marcados como pagos`),
  payError: 'Erro ao registrar o pagamento',
  cancelled: 'Boleto cancelado',
  cancelError: 'Erro ao cancelar o boleto',
  reopened: (fromStatus: 'PAGO' | 'CANCELADO') => (fromStatus === 'PAGO' ? 'Pagamento desfeito: o boleto voltou a pendente' : 'Boleto reaberto'),
  reopenError: 'Erro ao reabrir o boleto',
  reasonRequired: 'Informe o motivo (mínimo de 3 caracteres).',
  reasonTooLong: 'O motivo deve ter no máximo 500 caracteres.',
  deleted: 'Boleto excluído',
  deleteError: 'Erro ao excluir o boleto',
  historyLoadError: 'Erro ao carregar o histórico',
  attachmentsLoadError: 'Erro ao carregar os anexos',
  attachmentUploaded: (count: number) => plural(count, 'Anexo enviado', `${formatNumber(count)} anexos enviados`),
  attachmentUploadError: 'Erro ao enviar o anexo',
  /** A file the sheet could not send, with why (attachmentErrorReason): 'nota.pdf: Sem conexão com o servidor.' */
  attachmentRefused: (fileName: string, reason: string) => `${fileName}: ${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`,
  attachmentRemoved: 'Anexo removido',
  attachmentRemoveError: 'Erro ao remover o anexo',
  attachmentNotRemoved: 'O anexo não foi removido: só é possível remover anexos de boletos pendentes.',
  attachmentDownloadError: 'Erro ao baixar o anexo',
} as const;

/** An error this feature raises itself, already in Portuguese. */
export class BoletoListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BoletoListError';
  }
}

/**
 * A refusal of the list's writes as the user reads it: the database's own Portuguese message
 * (status RPCs, triggers), storage's refusals in Portuguese, or the generic mapping.
 */
export function boletoListErrorMessage(error: unknown): string {
  // Our own thrown errors (e.g. a removal storage silently skipped) already speak Portuguese.
  if (error instanceof BoletoListError) return error.message;
  const own = databaseOwnMessage(error);
  if (own) return own;
  const message = messageOf(error);
  // Storage (storage-js StorageApiError): policies, size and type limits.
  if (/row-level security|unauthorized|access denied/i.test(message)) return 'Você não tem permissão para alterar os anexos deste boleto.';
  if (/maximum allowed size|too large|payload too large/i.test(message)) return 'O arquivo deve ter no máximo 10 MB.';
  if (/mime type|not supported|invalid.*type/i.test(message)) return 'Apenas arquivos PDF, JPG, PNG ou WEBP.';
  if (/already exists|duplicate/i.test(message)) return 'Já existe um anexo com este nome neste boleto.';
  if (/failed to fetch|network/i.test(message)) return 'Sem conexão com o servidor. Verifique a internet e tente novamente.';
  if (codeOf(error) === '42501') return 'Você não tem permissão para realizar esta operação.';
  return GENERIC_ERROR_MESSAGE;
}

