/** Portuguese messages of /documentos (the feature owns them). */
import { codeOf, databaseOwnMessage, GENERIC_ERROR_MESSAGE, isAuthenticationError } from '@/lib/errors';
import { FILE_CONTENT_MESSAGE } from '@/lib/file-signature';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';
import { formatCount, formatDateTime } from '@/lib/dates';

export const documentMessages = {
  pageDescription: 'Comunicados, procedimentos, alterações de preço, recolhimentos e normas para a sua equipe.',
  searchPlaceholder: 'Buscar por título ou texto',
  filterAll: 'Todos',
  filterPending: 'Pendentes',
  filterManage: 'Gerenciar',
  // Feed
  loadError: 'Erro ao carregar os documentos',
  loading: 'Carregando documentos...',
  empty: 'Nenhum documento encontrado com estes filtros',
  emptyNone: 'Nenhum documento publicado para você ainda.',
  emptyPending: 'Nenhuma pendência: você está em dia com os documentos.',
  clearFilters: 'Limpar filtros',
  pagerEmpty: 'Nenhum documento',
  pendingCount: (count: number) => formatCount(count, 'documento pendente', 'documentos pendentes'),
  archived: 'Arquivado',
  done: 'Concluído',
  pending: 'Pendente',
  unitDone: 'Unidade concluída',
  files: (count: number) => formatCount(count, 'anexo', 'anexos'),
  version: (version: number) => `Versão ${version}`,
  publishedBy: (name: string | null, at: string) => (name ? `Publicado por ${name} em ${formatDateTime(at)}` : `Publicado em ${formatDateTime(at)}`),
  // Detail
  detailLoadError: 'Erro ao carregar o documento',
  notFound: 'Documento não encontrado',
  filesTitle: 'Anexos',
  download: 'Baixar',
  downloadError: 'Erro ao baixar o arquivo',
  readAt: (at: string) => `Lido em ${formatDateTime(at)}`,
  acknowledge: 'Li e compreendi',
  acknowledgeTitle: 'Confirmar ciência',
  acknowledgeQuestion: (version: number) =>
    `Você confirma que leu e compreendeu a versão ${version} deste documento? A confirmação será registrada com a data, a hora do servidor e a impressão digital (SHA-256) do texto que você leu.`,
  acknowledgeConfirm: 'Confirmar ciência',
  acknowledged: 'Ciência registrada',
  acknowledgedAt: (at: string, hash: string) => `Ciência registrada em ${formatDateTime(at, true)} · impressão digital ${hash}`,
  acknowledgeError: 'Erro ao registrar a ciência',
  oldAcknowledgement: (version: number) => `Você confirmou a versão ${version}; o documento mudou e pede uma nova confirmação.`,
  // Action
  actionTitle: 'Ação da unidade',
  actionDescription: 'Confirme o que a sua unidade fez: lote, quantidade e, se quiser, uma foto.',
  actionNoUnit: 'Você não está em nenhuma unidade deste documento: a confirmação é feita pelas pessoas das unidades.',
  actionUnit: 'Unidade',
  actionLot: 'Lote',
  actionQuantity: 'Quantidade recolhida',
  actionNotes: 'Observações',
  actionPhoto: 'Foto (opcional)',
  actionPhotoHint: 'PDF, JPG, PNG ou WEBP de até 10 MB.',
  actionResponsible: (name: string) => `Confirmado por ${name}`,
  actionSubmit: 'Confirmar ação',
  actionSaved: (unit: string) => `Ação confirmada pela ${unit}`,
  actionError: 'Erro ao confirmar a ação',
  actionsTitle: 'Confirmações da unidade',
  actionsNone: 'Nenhuma confirmação ainda.',
  actionLine: (lot: string, quantity: string) => `Lote ${lot} · quantidade ${quantity}`,
  photo: 'Ver foto',
  // Replies
  repliesTitle: 'Respostas',
  repliesNone: 'Nenhuma resposta ainda.',
  replyLabel: 'Sua resposta',
  replySubmit: 'Responder',
  replySaved: 'Resposta enviada',
  replyError: 'Erro ao enviar a resposta',
  // Publishing
  newDocument: 'Novo documento',
  editDocument: 'Editar documento',
  edit: 'Editar',
  titleLabel: 'Título',
  bodyLabel: 'Texto',
  bodyHint: 'Use **negrito**, *itálico*, listas com "- " ou "1. ", títulos com "## " e links [texto](https://…).',
  write: 'Escrever',
  preview: 'Pré-visualizar',
  previewEmpty: 'Nada para pré-visualizar ainda.',
  categoryLabel: 'Categoria',
  demandLabel: 'Exigência',
  dueDateLabel: 'Prazo',
  audienceLabel: 'Público',
  audienceAll: 'Todos',
  audienceUnits: 'Unidades',
  audienceRoles: 'Funções',
  audienceHint: 'Escolha unidades e/ou funções; as duas juntas limitam às funções dentro das unidades.',
  validFromLabel: 'Válido a partir de',
  validUntilLabel: 'Válido até (opcional)',
  allowRepliesLabel: 'Permitir respostas',
  filesLabel: 'Anexos (opcional)',
  filesHint: 'PDF, JPG, PNG ou WEBP de até 10 MB cada.',
  removeFile: (name: string) => `Remover ${name}`,
  publish: 'Publicar',
  save: 'Salvar',
  published: (title: string) => `Documento publicado: ${title}`,
  saved: (title: string) => `Documento salvo: ${title}`,
  saveError: 'Erro ao salvar o documento',
  filesRefused: (names: string) => `Documento salvo, mas estes anexos não foram enviados: ${names}`,
  materialTitle: 'Alteração relevante?',
  materialQuestion: 'Todos precisarão confirmar de novo. O título ou o texto mudou: se a mudança for relevante, a nova versão pede uma nova leitura e ciência de todo o público.',
  materialYes: 'Sim, pedir de novo',
  materialNo: 'Não, só correção',
  unsavedDescription: 'O documento ainda não foi salvo. Se sair agora, o que foi digitado será perdido.',
  archive: 'Arquivar',
  archiveTitle: 'Arquivar documento',
  archiveQuestion: (title: string) => `Arquivar "${title}"? Ele deixa de aparecer para o público; as confirmações ficam guardadas.`,
  archived_: (title: string) => `Documento arquivado: ${title}`,
  archiveError: 'Erro ao arquivar o documento',
  fileTooLarge: (name: string) => `${name}: o arquivo passa de 10 MB.`,
  fileContent: (name: string) => `${name}: ${FILE_CONTENT_MESSAGE}`,
  // Receipts
  receipts: 'Confirmações',
  receiptsLoadError: 'Erro ao carregar as confirmações',
  percentRead: 'lido',
  percentAcknowledged: 'ciente',
  unitsDone: 'unidades concluídas',
  perUnit: 'Por unidade',
  perPerson: 'Por pessoa',
  exportCsv: 'Exportar CSV',
  remind: 'Lembrar pendentes',
  reminded: (count: number) => (count === 0 ? 'Ninguém pendente: nenhum lembrete enviado' : `Lembrete enviado a ${formatCount(count, 'pessoa', 'pessoas')}`),
  remindError: 'Erro ao enviar o lembrete',
  lastReminder: (at: string) => `Último lembrete em ${formatDateTime(at)}`,
  // Notification links
  notificationError: 'Não foi possível abrir a notificação',
  notificationNotFound: 'Esta notificação não existe ou não é sua. Os documentos continuam disponíveis abaixo.',
  // Pending card
  pendingCardTitle: 'Documentos pendentes',
  pendingCardDescription: (count: number) => `Você tem ${formatCount(count, 'documento', 'documentos')} para ler ou confirmar.`,
  pendingCardLink: 'Ver pendências',
  offline: NETWORK_ERROR_MESSAGE,
} as const;

/** A check made in the browser before sending (a file's size or content): its message is for the user. */
export class DocumentInputError extends Error {}

/**
 * A refusal as the user reads it: the database's own Portuguese message (save_document,
 * acknowledge_document, confirm_document_action…, PT404 'Documento não encontrado' included), a
 * lost connection, an expired session, or the generic message.
 */
export function documentErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return documentMessages.offline;
  const own = databaseOwnMessage(error, ['23502', '23514', '22023', 'P0001', '42501', 'PT404']);
  if (own) return own;
  if (isAuthenticationError(error)) return 'Sua sessão expirou. Faça login novamente.';
  if (codeOf(error) === '42501') return 'Você não tem permissão para realizar esta operação.';
  if (error instanceof DocumentInputError) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
