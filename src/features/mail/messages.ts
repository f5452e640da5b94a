/** Portuguese messages of the Correio (the feature owns them). */
import { codeOf, databaseOwnMessage, GENERIC_ERROR_MESSAGE, isAuthenticationError, messageOf } from '@/lib/errors';
import { formatCount } from '@/lib/dates';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const mailMessages = {
  description: 'Mensagens internas entre pessoas, unidades e a equipe de compras.',
  compose: 'Nova mensagem',
  folders: 'Pastas',
  // List
  loadError: 'Erro ao carregar as mensagens',
  emptyInbox: 'Nenhuma mensagem na caixa de entrada',
  emptySent: 'Nenhuma mensagem enviada ainda',
  emptyArchive: 'Nenhuma conversa arquivada',
  emptySearch: 'Nenhuma mensagem encontrada para esta busca',
  clearSearch: 'Limpar busca',
  loading: 'Carregando mensagens...',
  searchPlaceholder: 'Assunto ou texto da mensagem',
  unread: 'Não lida',
  withAttachments: 'Com anexos',
  messagesInThread: (count: number) => formatCount(count, 'mensagem', 'mensagens'),
  unreadCount: (count: number) => formatCount(count, 'não lida', 'não lidas'),
  toLine: (names: string) => `Para: ${names}`,
  noOne: 'ninguém',
  // Thread
  pickThread: 'Escolha uma conversa para ler',
  threadLoadError: 'Erro ao carregar a conversa',
  threadNotFound: 'Mensagem não encontrada',
  backToList: 'Voltar para a lista',
  reply: 'Responder',
  replyAll: 'Responder a todos',
  archive: 'Arquivar',
  unarchive: 'Mover para a entrada',
  archived: 'Conversa arquivada',
  unarchived: 'Conversa movida para a entrada',
  archiveError: 'Erro ao arquivar a conversa',
  unarchiveError: 'Erro ao mover a conversa para a entrada',
  markReadError: 'Erro ao marcar a conversa como lida',
  readBy: (read: number, total: number) => `Lida por ${read} de ${formatCount(total, 'destinatário', 'destinatários')}`,
  attachments: 'Anexos',
  download: (name: string) => `Baixar ${name}`,
  downloadError: 'Erro ao baixar o anexo',
  // Compose
  recipients: 'Para',
  recipientsHint: 'Busque por pessoa, unidade ou função.',
  recipientsHintRepresentative: 'Busque por um comprador.',
  recipientSearch: 'Buscar destinatário',
  recipientSearchError: 'Erro ao buscar destinatários',
  recipientNone: 'Ninguém encontrado',
  recipientSearching: 'Buscando...',
  removeRecipient: (name: string) => `Remover ${name}`,
  kindLabels: { user: 'Pessoa', unit: 'Unidade', role: 'Função' } as const,
  subject: 'Assunto',
  body: 'Mensagem',
  attach: 'Anexar arquivos',
  attachHint: 'PDF, imagens (JPG, PNG, WEBP), planilhas XLSX ou CSV, até 10 MB cada.',
  removeAttachment: (name: string) => `Remover o anexo ${name}`,
  attachmentEmpty: 'O arquivo está vazio.',
  attachmentTooLarge: 'O arquivo tem mais de 10 MB.',
  attachmentType: 'O conteúdo do arquivo não é de um PDF, JPG, PNG, WEBP, XLSX ou CSV (o nome ou o tipo informado não bastam).',
  attachmentRefused: (name: string, reason: string) => `${name}: ${reason}`,
  attachmentsMax: 'Anexe no máximo 10 arquivos por mensagem.',
  send: 'Enviar',
  sending: 'Enviando...',
  uploading: (sent: number, total: number) => `Enviando anexo ${sent} de ${total}...`,
  sent: 'Mensagem enviada',
  sentTo: (count: number) => `Mensagem enviada a ${formatCount(count, 'destinatário', 'destinatários')}`,
  sendError: 'Erro ao enviar a mensagem',
  unsavedTitle: 'Descartar a mensagem?',
  unsavedDescription: 'A mensagem ainda não foi enviada. Se sair agora, o que foi digitado será perdido.',
  offline: NETWORK_ERROR_MESSAGE,
} as const;

/**
 * A refusal as the user reads it: the database's own Portuguese message (send_mail, get_mail_thread,
 * archive_mail_thread… raise them already in Portuguese, PT404 included), a storage refusal of an
 * upload, a lost connection, an expired session, or the generic message.
 */
export function mailErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return mailMessages.offline;
  const own = databaseOwnMessage(error, ['23502', '23514', '22023', 'P0001', '42501', 'PT404']);
  if (own) return own;
  if (isAuthenticationError(error)) return 'Sua sessão expirou. Faça login novamente.';
  if (codeOf(error) === 'PT404') return mailMessages.threadNotFound;
  if (codeOf(error) === '42501') return 'Você não tem permissão para realizar esta operação.';
  // Our own checks before a request (attachment content and size) throw plain Errors in Portuguese.
  if (error instanceof MailInputError) return messageOf(error);
  return GENERIC_ERROR_MESSAGE;
}

/** A refusal found in the browser before anything was sent (its message is already Portuguese). */
export class MailInputError extends Error {}
