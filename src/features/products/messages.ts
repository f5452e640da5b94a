/** The catalogue's Portuguese messages and database-error mapping (spec §5, §8). */
import { codeOf, constraintOf, databaseErrorMessage, databaseOwnMessage } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const productMessages = {
  productsLoadError: 'Erro ao carregar produtos',
  categoriesLoadError: 'Erro ao carregar grupos',
  categoryCreateError: 'Erro ao cadastrar grupo',
  productDeleteRefused: 'Não é possível excluir o produto',
  productDeleteRefusedDetail: 'Existem faltas registradas para este produto. Exclua ou conclua essas faltas antes de excluir o produto.',
  /** Success says what happened, naming the record (spec §8's generic 'Registro … com sucesso'; README deviations). */
  productCreated: (name: string) => `Produto “${name}” cadastrado`,
  productUpdated: (name: string) => `Produto “${name}” atualizado`,
  productDeleted: (name: string) => `Produto “${name}” excluído`,
  categoryCreated: (name: string) => `Grupo “${name}” cadastrado`,
};

/** Details for product and category writes: the database's own Portuguese checks, duplicates, FKs. */
export function catalogErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const code = codeOf(error);
  const text = constraintOf(error);
  if (code === '23505') {
    if (text.includes('barcode')) return 'Já existe um produto com este código de barras.';
    if (text.includes('categories_name')) return 'Já existe um grupo com este nome.';
  }
  if (code === '23503' && text.includes('shortages')) return productMessages.productDeleteRefusedDetail;
  // Trigger messages are already Portuguese ('Nome do produto é obrigatório', 'Código de barras inválido: ...').
  return databaseOwnMessage(error, ['23514', '23502', 'P0001', '22023']) ?? databaseErrorMessage(error);
}

