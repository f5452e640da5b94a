/**
 * The cells of the analysis tables: how each kind of value reads on screen (pt-BR) and how the
 * exports write it (typed cells, src/lib/spreadsheet), so the file carries the screen's figures.
 */
import type { ReactNode } from 'react';
import { formatDateTime, formatDay, formatMonthYear, formatNumber } from '@/lib/dates';
import { cell, type CellInput, type ExportDetail } from '@/lib/spreadsheet/write';
import { formatDays, formatHours, formatMoney, formatPercent, formatQuantity, formatRatio, formatUnitCost } from '@/features/analytics/components/shared/format';
import { analyticsMessages } from '@/features/analytics/messages';

/**
 * How a column's values read on screen and are written in the exports:
 * text; count (whole numbers); quantity (up to 2 decimals); money (R$, 2 decimals); unitCost (R$, 4
 * decimals); ratio (a fraction shown as %); percent (already in %); days and hours (1 decimal);
 * date (yyyy-MM-dd day); datetime (an instant, São Paulo); month (yyyy-MM or a day of it).
 */
export type ColumnKind = 'text' | 'count' | 'quantity' | 'money' | 'unitCost' | 'ratio' | 'percent' | 'days' | 'hours' | 'date' | 'datetime' | 'month';

export type CellValue = string | number | null;

export interface AnalysisColumn<Row> {
  key: string;
  header: string;
  kind: ColumnKind;
  value: (row: Row) => CellValue;
  /** What the column measures and its grain (the header's (i)). */
  hint?: string;
  grain?: string;
  /** A custom cell on screen (e.g. a button opening the detail); the export still writes `value`. */
  render?: (row: Row) => ReactNode;
}

/** One value as the screen shows it. */
export function formatCellValue(kind: ColumnKind, value: CellValue): string {
  if (value === null || value === undefined) return kind === 'text' ? '—' : analyticsMessages.noData;
  if (typeof value === 'string') {
    switch (kind) {
      case 'date':
        return formatDay(value);
      case 'datetime':
        return formatDateTime(value);
      case 'month':
        return formatMonthYear(value);
      default:
        return value;
    }
  }
  switch (kind) {
    case 'count':
      return formatNumber(value, { maximumFractionDigits: 0 });
    case 'quantity':
      return formatQuantity(value);
    case 'money':
      return formatMoney(value);
    case 'unitCost':
      return formatUnitCost(value);
    case 'ratio':
      return formatRatio(value);
    case 'percent':
      return formatPercent(value);
    case 'days':
      return formatDays(value);
    case 'hours':
      return formatHours(value);
    default:
      return String(value);
  }
}

/** The export's header of a column: the unit of a bare number is named ('Taxa de resposta (%)'). */
export function exportHeader(column: Pick<AnalysisColumn<unknown>, 'header' | 'kind'>): string {
  switch (column.kind) {
    case 'ratio':
    case 'percent':
      return `${column.header} (%)`;
    case 'days':
      return `${column.header} (dias)`;
    case 'hours':
      return `${column.header} (h)`;
    default:
      return column.header;
  }
}

/** One value as the export writes it: typed numbers, money and days; 'sem dados' where the screen says so. */
export function exportCell(kind: ColumnKind, value: CellValue): CellInput {
  if (value === null || value === undefined) return kind === 'text' ? null : analyticsMessages.noData;
  if (typeof value === 'string') {
    switch (kind) {
      case 'date':
        return cell.date(value.slice(0, 10));
      case 'datetime':
        return formatDateTime(value);
      case 'month':
        return formatMonthYear(value);
      default:
        return cell.text(value);
    }
  }
  switch (kind) {
    case 'count':
      return cell.number(Math.round(value));
    case 'quantity':
      return cell.number(value, Number.isInteger(value) ? 0 : 2);
    case 'money':
      return cell.money(value);
    case 'unitCost':
      return cell.number(value, 4);
    case 'ratio':
      return cell.number(Math.round(value * 1000) / 10, 1);
    case 'percent':
    case 'days':
    case 'hours':
      return cell.number(Math.round(value * 10) / 10, 1);
    default:
      return cell.number(value);
  }
}

/** Kinds aligned right, with tabular figures. */
export const NUMERIC_KINDS: ReadonlySet<ColumnKind> = new Set(['count', 'quantity', 'money', 'unitCost', 'ratio', 'percent', 'days', 'hours']);

export interface TableExport {
  /** The file's first line, e.g. 'Relatório de Compras: pedidos'. */
  title: string;
  /** The filters and period in words (exportDetails). */
  details: readonly ExportDetail[];
  /** The file name without stamp or extension, e.g. 'relatorio-compras-pedidos'. */
  fileName: string;
}

export const TOTAL_LABEL = 'Total';

/** The rows an export writes: the same values as the screen, typed; then the totals row. */
export function tableExportRows<Row>(columns: readonly AnalysisColumn<Row>[], rows: readonly Row[], totals: Readonly<Record<string, CellValue>> | null | undefined) {
  return {
    columns: columns.map((column) => exportHeader(column)),
    rows: rows.map((row) => columns.map((column) => exportCell(column.kind, column.value(row)))),
    totals: totals
      ? columns.map((column, index) => {
          const value = totals[column.key];
          if (value === undefined) return index === 0 ? TOTAL_LABEL : null;
          return exportCell(column.kind, value);
        })
      : null,
  };
}

