/**
 * Maps backend errors (auth-js and PostgREST) to the spec's Portuguese messages, in one place (spec §5, §8).
 */

export const LOGIN_ERROR_TITLE = 'Erro ao fazer login';
export const LOGIN_INVALID_CREDENTIALS = 'Email ou senha incorretos. Por favor, verifique suas credenciais.';
export const LOGIN_RATE_LIMITED = 'Muitas tentativas de login. Por favor, tente novamente mais tarde.';
export const LOGIN_TIMEOUT_TITLE = 'Tempo esgotado';
export const LOGIN_TIMEOUT_MESSAGE = 'O login está demorando muito. Por favor, tente novamente.';
export const GENERIC_ERROR_MESSAGE = 'Ocorreu um erro inesperado. Por favor, tente novamente.';

/** Thrown when sign-in exceeds its time limit (15 s). */
export class TimeoutError extends Error {
  constructor(message = LOGIN_TIMEOUT_MESSAGE) {
    super(message);
    this.name = 'TimeoutError';
  }
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return '';
}

function codeOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

/** The toast for a failed sign-in: title and Portuguese description (spec §5 "Login"). */
export function loginErrorToast(error: unknown): { title: string; description: string } {
  if (error instanceof TimeoutError) return { title: LOGIN_TIMEOUT_TITLE, description: LOGIN_TIMEOUT_MESSAGE };
  return { title: LOGIN_ERROR_TITLE, description: loginErrorMessage(error) };
}

/** Spec §5: 'Invalid login' → wrong credentials; 'rate limit' → too many attempts; else the error's own text. */
export function loginErrorMessage(error: unknown): string {
  const message = messageOf(error);
  const code = codeOf(error);
  if (message.includes('Invalid login') || code === 'invalid_credentials') return LOGIN_INVALID_CREDENTIALS;
  if (message.toLowerCase().includes('rate limit') || code === 'over_request_rate_limit') return LOGIN_RATE_LIMITED;
  return message || GENERIC_ERROR_MESSAGE;
}

/** Refresh failures after which the session is gone for good: log out silently (spec §4). */
const SILENT_LOGOUT_MARKERS = ['refresh_token_not_found', 'invalid refresh token', 'auth session missing'];

export function isSilentLogoutError(error: unknown): boolean {
  const text = `${codeOf(error) ?? ''} ${messageOf(error)}`.toLowerCase();
  return SILENT_LOGOUT_MARKERS.some((marker) => text.includes(marker));
}

const WEAK_PASSWORD_REASONS: Record<string, string> = {
  length: 'pelo menos 8 caracteres',
  characters: 'letras minúsculas, maiúsculas e números',
  pwned: 'uma senha que não apareça em vazamentos de dados conhecidos',
};

/**
 * GoTrue's 422 weak_password names its reasons (`length`, `characters`, `pwned`, in
 * AuthWeakPasswordError.reasons): 'A senha é fraca: use pelo menos 8 caracteres e letras
 * minúsculas, maiúsculas e números.'
 */
export function weakPasswordMessage(error: unknown): string {
  const reasons = (error as { reasons?: unknown }).reasons;
  const parts = (Array.isArray(reasons) ? reasons : [])
    .map((reason) => WEAK_PASSWORD_REASONS[String(reason)])
    .filter((part): part is string => Boolean(part));
  if (parts.length === 0) return 'A senha é fraca: use pelo menos 8 caracteres, com letras minúsculas, maiúsculas e números.';
  return `A senha é fraca: use ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`}.`;
}

/** Auth errors other than sign-in (sign-up, reset, password change), in Portuguese. */
export function authErrorMessage(error: unknown): string {
  const code = codeOf(error);
  const message = messageOf(error);
  switch (code) {
    case 'user_already_exists':
    case 'email_exists':
      return 'Já existe uma conta com este email.';
    case 'weak_password':
      return weakPasswordMessage(error);
    case 'same_password':
      return 'A nova senha deve ser diferente da senha atual.';
    case 'over_email_send_rate_limit':
      return 'Muitos emails enviados. Aguarde um minuto e tente novamente.';
    case 'over_request_rate_limit':
      return LOGIN_RATE_LIMITED;
    case 'email_address_invalid':
    case 'validation_failed':
      return 'Verifique os dados informados.';
    case 'signup_disabled':
      return 'O cadastro de novos usuários está desativado.';
    case 'session_not_found':
    case 'bad_jwt':
      return 'Sua sessão expirou. Faça login novamente.';
    default:
      if (message.includes('Invalid login')) return LOGIN_INVALID_CREDENTIALS;
      return message || GENERIC_ERROR_MESSAGE;
  }
}

/** PostgREST / PostgreSQL error codes → Portuguese (spec §8 keeps the screen-specific titles in the features). */
export function databaseErrorMessage(error: unknown): string {
  switch (codeOf(error)) {
    case '42501':
      return 'Você não tem permissão para realizar esta operação.';
    case '23505':
      return 'Já existe um registro com estes dados.';
    case '23503':
      return 'Este registro está vinculado a outros registros.';
    case '23502':
    case '23514':
    case '22P02':
      return 'Verifique os dados informados.';
    case 'PGRST116':
      return 'Registro não encontrado.';
    case 'PGRST301':
    case 'PGRST303':
      return 'Sua sessão expirou. Faça login novamente.';
    default:
      return messageOf(error) || GENERIC_ERROR_MESSAGE;
  }
}

// ---------------------------------------------------------------------------
// Catalogue, shortages and imports (spec §5, §8): titles and Portuguese details.

export const RECORD_CREATED = 'Registro criado com sucesso';
export const RECORD_UPDATED = 'Registro atualizado com sucesso';
export const RECORD_DELETED = 'Registro excluído com sucesso';
export const RECORD_CREATE_ERROR = 'Erro ao criar registro';
export const RECORD_UPDATE_ERROR = 'Erro ao atualizar registro';
export const RECORD_DELETE_ERROR = 'Erro ao excluir registro';
export const PRODUCTS_LOAD_ERROR = 'Erro ao carregar produtos';
export const CATEGORIES_LOAD_ERROR = 'Erro ao carregar grupos';
export const CATEGORY_CREATE_ERROR = 'Erro ao cadastrar grupo';
export const PRODUCT_DELETE_REFUSED = 'Não é possível excluir o produto';
export const PRODUCT_DELETE_REFUSED_DETAIL =
  'Existem faltas registradas para este produto. Exclua ou conclua essas faltas antes de excluir o produto.';

export const SHORTAGES_LOAD_ERROR = 'Erro ao carregar faltas';
export const SHORTAGE_CREATE_ERROR = 'Erro ao registrar falta';
export const SHORTAGE_STATUS_ERROR = 'Erro ao atualizar status';
export const SHORTAGE_UPDATED = 'Falta atualizada';
export const SHORTAGE_UPDATE_ERROR = 'Erro ao atualizar falta';
export const SHORTAGE_DELETE_REFUSED = 'Operação não permitida';
export const SHORTAGE_DELETED = 'Falta excluída';
export const SHORTAGE_DELETE_ERROR = 'Erro ao excluir falta';
export const SHORTAGE_DELETE_FK_DETAIL = 'A falta está vinculada a cotações ou pedidos.';
export const BULK_DELETE_NONE = 'Nenhuma falta foi excluída';
export const BULK_DELETE_ERROR = 'Erro na operação';

/** Reasons a shortage cannot be deleted (get_shortage_dependencies), in Portuguese. */
export function shortageDependencyReasons(deps: { has_order_items: boolean; has_quote_items: boolean; in_batch: boolean }): string[] {
  const reasons: string[] = [];
  if (deps.has_order_items) reasons.push('possui itens de pedido');
  if (deps.has_quote_items) reasons.push('possui itens de cotação');
  if (deps.in_batch) reasons.push('pertence a um lote');
  return reasons;
}

/** 'Operação não permitida' with the reasons the shortage cannot be deleted (spec §5, §8). */
export function shortageDeleteRefusedToast(reasons: readonly string[]): { title: string; description: string } {
  return {
    title: SHORTAGE_DELETE_REFUSED,
    description: reasons.length > 0 ? `Esta falta não pode ser excluída: ${reasons.join(', ')}.` : 'Esta falta não pode ser excluída.',
  };
}

/** '{n} falta(s) excluída(s)' plus the count of those not deleted (spec §8 "Bulk delete"). */
export function bulkDeleteSummary(deleted: number, notDeleted: number): { title: string; description?: string } {
  if (deleted === 0) return { title: BULK_DELETE_NONE, description: notDeleted > 0 ? `${notDeleted} falta(s) não puderam ser excluída(s).` : undefined };
  return notDeleted > 0
    ? { title: `${deleted} falta(s) excluída(s)`, description: `${notDeleted} falta(s) não puderam ser excluída(s).` }
    : { title: `${deleted} falta(s) excluída(s)` };
}

function constraintOf(error: unknown): string {
  const text = `${messageOf(error)} ${error && typeof error === 'object' && 'details' in error ? String(error.details) : ''}`;
  return text;
}

/** Details for product and category writes: the database's own Portuguese checks, duplicates, FKs. */
export function catalogErrorMessage(error: unknown): string {
  const code = codeOf(error);
  const text = constraintOf(error);
  if (code === '23505') {
    if (text.includes('barcode')) return 'Já existe um produto com este código de barras.';
    if (text.includes('categories_name')) return 'Já existe um grupo com este nome.';
  }
  if (code === '23503' && text.includes('shortages')) return PRODUCT_DELETE_REFUSED_DETAIL;
  // Trigger messages are already Portuguese ('Nome do produto é obrigatório', 'Código de barras inválido: ...').
  if (code === '23514' || code === '23502' || code === 'P0001' || code === '22023') {
    const message = messageOf(error);
    if (message && !/violates|constraint|null value/i.test(message)) return message;
  }
  return databaseErrorMessage(error);
}

/** Details for shortage writes and import RPC failures (their messages are Portuguese from the database). */
export function shortageErrorMessage(error: unknown): string {
  const code = codeOf(error);
  const message = messageOf(error);
  if (code === '23503' && message.includes('lote')) return message;
  if (code === '23503') return SHORTAGE_DELETE_FK_DETAIL;
  // The database raises its checks in Portuguese (private.validate_shortage_fields); these two cover a bare
  // check-constraint text, should one still arrive.
  if (code === '23514' && message.includes('requested_quantity')) return 'A quantidade solicitada deve ser maior que zero.';
  if (code === '23514' && message.includes('available_quantity')) return 'A quantidade disponível não pode ser negativa.';
  if ((code === '23502' || code === '23514' || code === '22023' || code === 'P0001' || code === '42501') && message && !/violates|null value|permission denied|row-level security/i.test(message)) {
    return message;
  }
  return databaseErrorMessage(error);
}

// ---------------------------------------------------------------------------
// Purchasing: batches, batch items, quotes, winners and orders (spec §5, §8).

export const BATCHES_LOAD_ERROR = 'Erro ao carregar dados';
export const BATCH_LOAD_ERROR = 'Erro ao carregar lote';
export const BATCH_CREATED = 'Lote criado';
export const BATCH_CREATE_ERROR = 'Erro ao criar lote';
export const BATCH_CREATE_FALLBACK = 'Falha ao criar lote de cotação';
export const BATCH_CREATE_NONE_ASSIGNED = 'Não foi possível criar o lote';
export const BATCH_SENT = 'Lote enviado para cotação';
export const BATCH_SEND_ERROR = 'Erro ao enviar lote para cotação';
export const BATCH_SEND_EMPTY = 'Não foram encontrados itens neste lote. Adicione itens antes de enviar para cotação.';
export const BATCH_SEND_AUTH = 'Erro de autenticação. Por favor, faça login novamente.';
export const BATCH_DELETED = 'Lote excluído';
export const BATCH_DELETED_DETAIL = 'O lote foi excluído com sucesso junto com todas as cotações associadas.';
export const BATCH_DELETE_ERROR = 'Erro ao excluir lote';
export const BATCH_DELETE_FALLBACK = 'Falha ao excluir o lote.';
/** Spec §8 keeps these two in English. */
export const BATCH_UPDATE_ERROR = 'Error updating batch';
export const BATCH_UPDATE_FALLBACK = 'Failed to the update the batch.';

export const BATCH_ITEM_REMOVE_REFUSED = 'Item não pode ser removido';
export const BATCH_ITEM_REMOVE_REFUSED_DETAIL = 'Este item está em uma cotação ativa e não pode ser removido do lote.';
export const BATCH_ITEM_REMOVED = 'Item removido';
export const BATCH_ITEM_REMOVE_ERROR = 'Erro ao remover item';
export const BATCH_ITEM_REMOVE_FALLBACK = 'Falha ao remover o item do lote.';
export const BATCH_ITEMS_ADDED = 'Itens adicionados';
export const BATCH_ITEMS_ADD_FAILED = 'Falha ao adicionar itens';
export const BATCH_ITEMS_ADD_ERROR = 'Erro ao adicionar itens';
export const BATCH_ITEMS_ADD_FALLBACK = 'Falha ao adicionar itens ao lote.';

export const QUOTE_AUTH_ERROR = 'Erro de autenticação';
export const QUOTE_AUTH_ERROR_DETAIL = 'Você precisa estar autenticado para criar cotações.';
export const QUOTE_CREATE_ERROR = 'Erro ao criar cotação';
export const QUOTE_CREATED = 'Cotação criada';
export const QUOTE_CREATED_DETAIL = 'A cotação foi criada com sucesso.';
export const QUOTE_DUPLICATE = 'Você já possui uma cotação para este lote';
export const QUOTE_BATCH_EMPTY = 'Lote não possui itens para cotação';
export const QUOTE_DELETED = 'Cotação excluída';
export const QUOTE_DELETE_ERROR = 'Erro ao excluir cotação';
export const QUOTE_DELETE_NOT_IN_PROGRESS = 'Apenas cotações em andamento podem ser excluídas';
export const QUOTE_NOT_FOUND = 'Cotação não encontrada';
export const QUOTES_LOAD_ERROR = 'Erro ao carregar cotações';

function detailsOf(error: unknown): string {
  return error && typeof error === 'object' && 'details' in error && typeof error.details === 'string' ? error.details : '';
}

/**
 * Details for purchasing writes: the RPCs raise the spec's Portuguese texts (P0001, PT404), which are shown as they are;
 * the one-quote-per-supplier constraint maps to its message; anything else falls back to the screen's own text.
 */
export function purchasingErrorMessage(error: unknown, fallback: string): string {
  const code = codeOf(error);
  const message = messageOf(error);
  if (code === '23505' && (message === QUOTE_DUPLICATE || `${message} ${detailsOf(error)}`.includes('quotes_batch_supplier_key'))) return QUOTE_DUPLICATE;
  // P0001: refusals; PT4xx: refusals answered with that HTTP status (PT404 'Lote não encontrado'); P0002: older not-found.
  if ((code === 'P0001' || code === 'P0002' || /^PT4\d\d$/.test(code ?? '')) && message) return message;
  if (code === '42501' || code === 'PGRST301' || code === 'PGRST303' || code === '23505' || code === '23503') return databaseErrorMessage(error);
  if (code === '23514' || code === '22P02' || code === '23502') return 'Verifique os dados informados.';
  return fallback;
}

/**
 * The HINT of a purchasing RPC refusal (P0001), which carries the spec's toast title where the RPC knows it, e.g.
 * remove_shortage_from_batch's 'Item não pode ser removido'. PostgREST's own hints (English, other codes) are ignored.
 */
export function purchasingErrorHint(error: unknown): string | null {
  if (codeOf(error) !== 'P0001' || !error || typeof error !== 'object' || !('hint' in error)) return null;
  const hint = typeof error.hint === 'string' ? error.hint.trim() : '';
  return hint === '' ? null : hint;
}

/** True for a missing or expired session (auth-js or PostgREST JWT errors). */
export function isAuthenticationError(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'PGRST301' || code === 'PGRST303' || code === 'session_not_found' || code === 'bad_jwt' || messageOf(error) === 'Auth session missing!';
}
