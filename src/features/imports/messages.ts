/** The import screen's Portuguese messages and database-error mapping. */
import { formatCount, formatNumber, plural } from '@/lib/dates';
import { codeOf, databaseErrorMessage, databaseOwnMessage } from '@/lib/errors';

export const importMessages = {
  importDone: 'Importação concluída',
  importError: 'Erro ao importar arquivo',
  /** The file could not be read as a spreadsheet (and the parser gave no reason of its own). */
  fileReadError: 'Não foi possível ler o arquivo',
  importHistoryLoadError: 'Erro ao carregar o histórico de importações.',
  rejectedRowsDownloadError: 'Erro ao baixar linhas rejeitadas',
};

/** '1 linha importada, 0 rejeitadas.' · '2 linhas importadas, 1 rejeitada.' */
export function importSummary(accepted: number, rejected: number): string {
  return `${formatCount(accepted, 'linha importada', 'linhas importadas')}, ${formatNumber(rejected)} ${plural(rejected, 'rejeitada', 'rejeitadas')}.`;
}

/** '5 linhas no arquivo: 2 importadas, 3 rejeitadas.' */
export function importResultLine(total: number, accepted: number, rejected: number): string {
  return `${formatCount(total, 'linha', 'linhas')} no arquivo: ${formatCount(accepted, 'importada', 'importadas')}, ${formatCount(rejected, 'rejeitada', 'rejeitadas')}.`;
}

/** '5 linhas, 2 válidas, 3 com erro' (the warnings, when any, are added by the screen: ', 1 com aviso'). */
export function previewCountsLine(rows: number, valid: number): string {
  return `${formatCount(rows, 'linha', 'linhas')}, ${formatCount(valid, 'válida', 'válidas')}`;
}

/** The import RPCs raise their refusals in Portuguese (unit, permission, size); anything else maps generically. */
export function importErrorMessage(error: unknown): string {
  return databaseOwnMessage(error) ?? databaseErrorMessage(error);
}

/** The database's refusal of rows already imported for the unit in the last ten minutes (its message names that run). */
export function isRepeatedImport(error: unknown): boolean {
  return codeOf(error) === 'P0001' && typeof error === 'object' && error !== null && 'hint' in error && error.hint === 'Arquivo já importado';
}
