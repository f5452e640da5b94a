/**
 * Spreadsheet import: column mapping (auto-detected from Portuguese/English headers), row records and the
 * client-side validation that mirrors import_shortages / import_products (React-free).
 */
import { barcodeError } from '@/lib/barcode';
import { foldText } from '@/lib/text';

export type ImportKind = 'shortages' | 'products';

export const IMPORT_FIELDS = {
  shortages: [
    { key: 'barcode', label: 'Código de barras', aliases: ['codigo de barras', 'cod barras', 'codigo barras', 'ean', 'gtin', 'barcode', 'codigo', 'cod'] },
    { key: 'product_name', label: 'Produto', aliases: ['produto', 'nome do produto', 'nome', 'descricao', 'product', 'product name', 'item'] },
    { key: 'requested_quantity', label: 'Quantidade solicitada', aliases: ['quantidade', 'qtd', 'qtde', 'quant', 'quantidade solicitada', 'qtd solicitada', 'solicitado', 'pedido', 'quantity'] },
    { key: 'available_quantity', label: 'Quantidade disponível', aliases: ['disponivel', 'quantidade disponivel', 'qtd disponivel', 'estoque', 'saldo', 'available'] },
    { key: 'observation', label: 'Observação', aliases: ['observacao', 'obs', 'observacoes', 'comentario', 'nota', 'note'] },
  ],
  products: [
    { key: 'barcode', label: 'Código de barras', aliases: ['codigo de barras', 'cod barras', 'codigo barras', 'ean', 'gtin', 'barcode', 'codigo', 'cod'] },
    { key: 'name', label: 'Nome', aliases: ['nome', 'produto', 'nome do produto', 'name', 'product'] },
    { key: 'description', label: 'Descrição', aliases: ['descricao', 'description', 'detalhes', 'apresentacao'] },
    { key: 'category', label: 'Grupo', aliases: ['grupo', 'categoria', 'category', 'group', 'classe'] },
  ],
} as const satisfies Record<ImportKind, readonly { key: string; label: string; aliases: readonly string[] }[]>;

export type ImportFieldKey<K extends ImportKind> = (typeof IMPORT_FIELDS)[K][number]['key'];
/** field key → column index (or null when not mapped) */
export type ColumnMapping = Record<string, number | null>;

export function normalizeHeader(header: string): string {
  return foldText(header)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Picks a column for each field: exact alias match first, then a header that contains an alias. Each column is used once. */
export function detectMapping(kind: ImportKind, headers: readonly string[]): ColumnMapping {
  const normalized = headers.map(normalizeHeader);
  const used = new Set<number>();
  const mapping: ColumnMapping = {};
  const fields = IMPORT_FIELDS[kind];
  for (const pass of ['exact', 'contains'] as const) {
    for (const field of fields) {
      if (mapping[field.key] != null) continue;
      let found: number | null = null;
      for (const alias of field.aliases) {
        const index = normalized.findIndex((h, i) => !used.has(i) && (pass === 'exact' ? h === alias : h.includes(alias)));
        if (index >= 0) {
          found = index;
          break;
        }
      }
      if (found !== null) used.add(found);
      mapping[field.key] = found ?? mapping[field.key] ?? null;
    }
  }
  return mapping;
}

export type ImportRecord = Record<string, string>;

/** Builds one record per data row from the mapping (cells trimmed; blank rows dropped). */
export function applyMapping(kind: ImportKind, rows: readonly (readonly string[])[], mapping: ColumnMapping): ImportRecord[] {
  const records: ImportRecord[] = [];
  for (const row of rows) {
    if (row.every((cell) => String(cell ?? '').trim() === '')) continue;
    const record: ImportRecord = {};
    for (const field of IMPORT_FIELDS[kind]) {
      const index = mapping[field.key];
      const value = index == null ? '' : String(row[index] ?? '').trim();
      if (value !== '') record[field.key] = field.key === 'barcode' ? value.replace(/\s+/g, '') : value;
    }
    records.push(record);
  }
  return records;
}

const INTEGER = /^-?\d{1,9}([.,]0+)?$/;
function toInteger(value: string | undefined): number | null {
  if (value === undefined || !INTEGER.test(value)) return null;
  return Number.parseInt(value, 10);
}

function barcodeIssue(value: string): string | null {
  if (!/^[0-9]{1,14}$/.test(value)) return 'Código de barras inválido';
  return barcodeError(value);
}

/** Per-row errors in Portuguese, the same wording as the database RPCs. */
export function validateRecords(kind: ImportKind, records: readonly ImportRecord[]): string[][] {
  const seen = new Set<string>();
  return records.map((record) => {
    const errors: string[] = [];
    const barcode = record.barcode;
    if (kind === 'shortages') {
      if (barcode !== undefined) {
        const issue = barcodeIssue(barcode);
        if (issue) errors.push(issue);
      } else if (record.product_name === undefined) {
        errors.push('Informe o código de barras ou o nome do produto');
      }
      const requested = toInteger(record.requested_quantity);
      if (requested === null || requested <= 0) errors.push('Quantidade solicitada inválida');
      if (record.available_quantity !== undefined) {
        const available = toInteger(record.available_quantity);
        if (available === null || available < 0) errors.push('Quantidade disponível inválida');
      }
    } else {
      if (record.name === undefined) errors.push('Nome do produto é obrigatório');
      if (barcode !== undefined) {
        const issue = barcodeIssue(barcode);
        if (issue) errors.push(issue);
        else if (seen.has(barcode)) errors.push('Código de barras repetido no arquivo');
        else seen.add(barcode);
      }
    }
    return errors;
  });
}
