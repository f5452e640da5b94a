/** The catalogue's Portuguese messages and database-error mapping (spec §5, §8). */
import { codeOf, constraintOf, databaseErrorMessage, databaseOwnMessage } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const PRODUCTS_LOAD_ERROR = 'Erro ao carregar produtos';
export const CATEGORIES_LOAD_ERROR = 'Erro ao carregar grupos';
export const CATEGORY_CREATE_ERROR = 'Erro ao cadastrar grupo';
export const PRODUCT_DELETE_REFUSED = 'Não é possível excluir o produto';
export const PRODUCT_DELETE_REFUSED_DETAIL =
  'Existem faltas registradas para este produto. Exclua ou conclua essas faltas antes de excluir o produto.';


/** Details for product and category writes: the database's own Portuguese checks, duplicates, FKs. */
export function catalogErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const code = codeOf(error);
  const text = constraintOf(error);
  if (code === '23505') {
    if (text.includes('barcode')) return 'Já existe um produto com este código de barras.';
    if (text.includes('categories_name')) return 'Já existe um grupo com este nome.';
  }
  if (code === '23503' && text.includes('shortages')) return PRODUCT_DELETE_REFUSED_DETAIL;
  // Trigger messages are already Portuguese ('Nome do produto é obrigatório', 'Código de barras inválido: ...').
  return databaseOwnMessage(error, ['23514', '23502', 'P0001', '22023']) ?? databaseErrorMessage(error);
}

