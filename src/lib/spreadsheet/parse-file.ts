/**
 * The main-thread entry point for uploads: refuses oversized and unsupported files before
 * reading them, then parses in a Web Worker (the spreadsheet library loads there, never in the
 * page's bundle). Where workers do not exist (unit tests under jsdom) it parses in place, lazily.
 */
import { MAX_SPREADSHEET_BYTES, SpreadsheetError, spreadsheetErrors } from './errors';
import { spreadsheetKind } from './kind';
import type { ParsedSheet } from './read';
import type { ParseRequest, ParseResponse } from './worker';

export type { ParsedSheet } from './read';

function inWorker(request: ParseRequest): Promise<ParsedSheet> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ParseResponse>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.sheet);
      else reject(new SpreadsheetError(event.data.kind, event.data.message));
    };
    worker.onerror = () => {
      worker.terminate();
      reject(spreadsheetErrors.malformed());
    };
    worker.postMessage(request, [request.data]);
  });
}

async function inPlace(request: ParseRequest): Promise<ParsedSheet> {
  const { readSpreadsheet } = await import('./read');
  return readSpreadsheet(request.kind, request.data);
}

/** Reads an uploaded .xlsx/.xls/.csv file, or rejects with a SpreadsheetError in Portuguese. */
export async function parseSpreadsheetFile(file: File): Promise<ParsedSheet> {
  if (file.size > MAX_SPREADSHEET_BYTES) throw spreadsheetErrors.tooLarge();
  const kind = spreadsheetKind(file.name, file.type);
  if (!kind) throw spreadsheetErrors.unsupported();
  const request: ParseRequest = { kind, data: await file.arrayBuffer() };
  const sheet = typeof Worker === 'undefined' ? await inPlace(request) : await inWorker(request);
  if (sheet.rows.length === 0) throw spreadsheetErrors.empty();
  return sheet;
}
