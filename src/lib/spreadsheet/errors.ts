/**
 * Why a spreadsheet was refused, with the Portuguese message the screens show. Kept apart from
 * the parser so the main bundle can name the errors without loading the spreadsheet library.
 */
export type SpreadsheetErrorKind = 'too_large' | 'unsupported' | 'malformed' | 'formula' | 'empty';

/** Uploads larger than this are refused before a byte is read. */
export const MAX_SPREADSHEET_BYTES = 20 * 1024 * 1024;

export class SpreadsheetError extends Error {
  constructor(
    readonly kind: SpreadsheetErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}

export const spreadsheetErrors = {
  tooLarge: () => new SpreadsheetError('too_large', 'O arquivo excede o limite de 20 MB. Divida a planilha em arquivos menores.'),
  unsupported: () => new SpreadsheetError('unsupported', 'Formato não suportado: envie um arquivo .csv ou .xlsx'),
  malformed: () =>
    new SpreadsheetError('malformed', 'Não foi possível ler o arquivo: ele está corrompido ou não é uma planilha válida.'),
  empty: () => new SpreadsheetError('empty', 'O arquivo não contém linhas'),
  formula: (row: number, column: number) =>
    new SpreadsheetError(
      'formula',
      `O arquivo contém uma fórmula ou um conteúdo que começa com =, +, - ou @ (linha ${row}, coluna ${column}). ` +
        'Por segurança, remova-o e envie o arquivo novamente.',
    ),
};

/** An error as it crosses from the worker: plain data, rebuilt on the main thread. */
export interface SpreadsheetFailure {
  kind: SpreadsheetErrorKind;
  message: string;
}
