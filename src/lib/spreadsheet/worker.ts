/// <reference lib="webworker" />
/**
 * Parses an upload off the main thread: a 50,000-row workbook takes seconds to read, and the
 * page must keep answering meanwhile.
 */
import { SpreadsheetError, spreadsheetErrors, type SpreadsheetFailure } from './errors';
import { readSpreadsheet, type ParsedSheet, type SpreadsheetKind } from './read';

export interface ParseRequest {
  kind: SpreadsheetKind;
  data: ArrayBuffer;
}

export type ParseResponse = { ok: true; sheet: ParsedSheet } | ({ ok: false } & SpreadsheetFailure);

self.onmessage = (event: MessageEvent<ParseRequest>) => {
  let response: ParseResponse;
  try {
    response = { ok: true, sheet: readSpreadsheet(event.data.kind, event.data.data) };
  } catch (error) {
    const refusal = error instanceof SpreadsheetError ? error : spreadsheetErrors.malformed();
    response = { ok: false, kind: refusal.kind, message: refusal.message };
  }
  self.postMessage(response);
};
