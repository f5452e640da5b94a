/** The import screen's Portuguese messages and database-error mapping. */
import { codeOf, databaseErrorMessage, databaseOwnMessage } from '@/lib/errors';

export const importMessages = {
  importDone: 'Importação concluída',
  importError: 'Erro ao importar arquivo',
  /** The file could not be read as a spreadsheet (and the parser gave no reason of its own). */
  fileReadError: 'Não foi possível ler o arquivo',
  importHistoryLoadError: 'Erro ao carregar o histórico de importações.',
  rejectedRowsDownloadError: 'Erro ao baixar linhas rejeitadas',
};

/** '{n} linha(s) importada(s), {m} rejeitada(s).' */
export function importSummary(accepted: number, rejected: number): string {
  return `${accepted} linha(s) importada(s), ${rejected} rejeitada(s).`;
}

/** The import RPCs raise their refusals in Portuguese (unit, permission, size); anything else maps generically. */
export function importErrorMessage(error: unknown): string {
  return databaseOwnMessage(error) ?? databaseErrorMessage(error);
}

/** The database's refusal of rows already imported for the unit in the last ten minutes (its message names that run). */
export function isRepeatedImport(error: unknown): boolean {
  return codeOf(error) === 'P0001' && typeof error === 'object' && error !== null && 'hint' in error && error.hint === 'Arquivo já importado';
}
