/**
 * The analysis screens' filters live in the URL, so a view can be shared by link:
 *   de, ate      the period (yyyy-MM-dd, São Paulo days; both absent: the last 90 days ending today)
 *   unidade, fornecedor, categoria, produto   ids (absent: all)
 *   + the extras a screen declares (custo = cost of money in % a month, recorrencia = days, agrupar, aba…).
 * Each value is read with zod; an unusable one (a bad date, an inverted or too long period, an id
 * that is not a uuid or that the caller's options do not have, custo outside 0–20…) is replaced by
 * the default and a Portuguese notice under the filters says so. The next change written to the URL
 * drops the unusable value. Params this module does not know (e.g. `pedido`) are kept.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { COST_OF_MONEY_DEFAULT_PERCENT, parseCostOfMoneyPercent } from '@/lib/cost-of-money';
import { z } from 'zod';
import { addDays, daysBetween, isValidDay, toAppDateString } from '@/lib/dates';
import { isUuid } from '@/lib/utils';
import { useAnalysisFilterOptions, type AnalysisFilterOptions } from '@/features/analytics/api/get-analysis-filter-options';
import { analysisProductQueryOptions } from '@/features/analytics/api/search-products';
import { analyticsMessages } from '@/features/analytics/messages';

export const ANALYSIS_PARAMS = {
  from: 'de',
  to: 'ate',
  unitId: 'unidade',
  supplierId: 'fornecedor',
  categoryId: 'categoria',
  productId: 'produto',
} as const;

/** The default period: the last 90 days ending today. */
export const DEFAULT_PERIOD_DAYS = 90;
/** The longest period the database accepts (private.check_analysis_period: 3 years). */
export const MAX_PERIOD_DAYS = 1096;

export interface AnalysisFilters {
  /** yyyy-MM-dd, inclusive (São Paulo days). */
  from: string;
  to: string;
  unitId: string | null;
  supplierId: string | null;
  categoryId: string | null;
  productId: string | null;
}

export type IdFilter = 'unitId' | 'supplierId' | 'categoryId' | 'productId';

/**
 * A screen's own URL param: its name, how to read it (zod, from the URL's text), its default and
 * what the notice says when the URL's value is unusable. Declare extras once at module level (the
 * object is a dependency of the hook's memo).
 */
export interface AnalysisExtra<T> {
  param: string;
  schema: z.ZodType<T, string>;
  fallback: T;
  invalidNotice: string;
  /** How the value is written to the URL (default String(value)). */
  write?(value: T): string;
}

export type AnalysisExtras = Record<string, AnalysisExtra<unknown>>;
export type ExtraValues<E extends AnalysisExtras> = { [K in keyof E]: E[K] extends AnalysisExtra<infer T> ? T : never };

/** Declares an extra with its value type inferred from the schema. */
export function analysisExtra<T>(extra: AnalysisExtra<T>): AnalysisExtra<T> {
  return extra;
}

/** 'custo': the buyer's cost of money in % a month, 0–20, default 2. */
export const costOfMoneyExtra = analysisExtra<number>({
  param: 'custo',
  schema: z
    .string()
    .refine((text) => parseCostOfMoneyPercent(text) !== null)
    .transform((text) => parseCostOfMoneyPercent(text) ?? COST_OF_MONEY_DEFAULT_PERCENT),
  fallback: COST_OF_MONEY_DEFAULT_PERCENT,
  invalidNotice: 'Custo do dinheiro inválido na URL (deve estar entre 0 % e 20 % ao mês): usando 2 % ao mês',
});

/** 'recorrencia': the days within which a shortage of the same product and unit counts as recurring, 1–365, default 30. */
export const recurrenceExtra = analysisExtra<number>({
  param: 'recorrencia',
  schema: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(365)),
  fallback: 30,
  invalidNotice: 'Recorrência inválida na URL (deve ser de 1 a 365 dias): usando 30 dias',
});

/** An extra chosen among fixed values ('aba', 'agrupar'). */
export function choiceExtra<const T extends string>(param: string, values: readonly [T, ...T[]], fallback: T, invalidNotice: string): AnalysisExtra<T> {
  return { param, schema: z.string().pipe(z.enum(values)), fallback, invalidNotice };
}

export type PeriodPreset = 'last30' | 'last90' | 'last12months';

export const PERIOD_PRESETS: readonly { id: PeriodPreset; label: string }[] = [
  { id: 'last30', label: 'Últimos 30 dias' },
  { id: 'last90', label: 'Últimos 90 dias' },
  { id: 'last12months', label: 'Últimos 12 meses' },
];

/** The period a preset stands for, ending today. */
export function presetPeriod(preset: PeriodPreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -(DEFAULT_PERIOD_DAYS - 1)), to: today };
    case 'last12months': {
      // The same day a year ago, plus one: twelve whole months ending today (29 Feb falls back to 28).
      const [year, month, day] = today.split('-').map(Number) as [number, number, number];
      const yearAgo = new Date(Date.UTC(year - 1, month - 1, Math.min(day, month === 2 ? 28 : day)));
      return { from: addDays(yearAgo.toISOString().slice(0, 10), 1), to: today };
    }
  }
}

/** The preset the period equals, if any (its button shows pressed). */
export function matchingPreset(period: { from: string; to: string }, today: string): PeriodPreset | null {
  return PERIOD_PRESETS.find(({ id }) => {
    const preset = presetPeriod(id, today);
    return preset.from === period.from && preset.to === period.to;
  })?.id ?? null;
}

export function defaultPeriod(today: string): { from: string; to: string } {
  return presetPeriod('last90', today);
}

/** Why a period cannot be asked for (the database refuses the same), or null. */
export function periodProblem(from: string, to: string): string | null {
  if (!from || !to) return analyticsMessages.periodIncomplete;
  if (!isValidDay(from) || !isValidDay(to)) return analyticsMessages.periodIncomplete;
  if (from > to) return analyticsMessages.periodOrder;
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) return analyticsMessages.periodTooLong;
  return null;
}

const daySchema = z.string().trim().refine(isValidDay);
const idSchema = z
  .string()
  .trim()
  .refine((value) => isUuid(value))
  .transform((value) => value.toLowerCase());

const INVALID_ID_NOTICE: Record<IdFilter, string> = {
  unitId: analyticsMessages.invalidUnit,
  supplierId: analyticsMessages.invalidSupplier,
  categoryId: analyticsMessages.invalidCategory,
  productId: analyticsMessages.invalidProduct,
};

const UNKNOWN_ID_NOTICE: Record<IdFilter, string> = {
  unitId: analyticsMessages.unknownUnit,
  supplierId: analyticsMessages.unknownSupplier,
  categoryId: analyticsMessages.unknownCategory,
  productId: analyticsMessages.unknownProduct,
};

const ID_FILTERS: readonly IdFilter[] = ['unitId', 'supplierId', 'categoryId', 'productId'];

export interface ParsedAnalysisSearch<E extends AnalysisExtras> {
  filters: AnalysisFilters;
  extras: ExtraValues<E>;
  /** What the URL held that could not be used, in Portuguese (shown under the filters). */
  notices: string[];
}

/** The filters a URL carries, with the defaults in place of anything unusable. */
export function parseAnalysisSearch<E extends AnalysisExtras>(params: URLSearchParams, today: string, extras: E): ParsedAnalysisSearch<E> {
  const notices: string[] = [];
  const fallback = defaultPeriod(today);

  const rawFrom = params.get(ANALYSIS_PARAMS.from);
  const rawTo = params.get(ANALYSIS_PARAMS.to);
  let period = fallback;
  if (rawFrom !== null || rawTo !== null) {
    // One end given: the other is the default's (a link may carry only 'de').
    const from = rawFrom === null ? fallback.from : daySchema.safeParse(rawFrom).data;
    const to = rawTo === null ? fallback.to : daySchema.safeParse(rawTo).data;
    if (from && to && periodProblem(from, to) === null) period = { from, to };
    else notices.push(analyticsMessages.invalidPeriod);
  }

  const ids = {} as Record<IdFilter, string | null>;
  for (const key of ID_FILTERS) {
    const raw = params.get(ANALYSIS_PARAMS[key]);
    if (raw === null || raw.trim() === '') {
      ids[key] = null;
      continue;
    }
    const parsed = idSchema.safeParse(raw);
    ids[key] = parsed.success ? parsed.data : null;
    if (!parsed.success) notices.push(INVALID_ID_NOTICE[key]);
  }

  const values: Record<string, unknown> = {};
  for (const [name, extra] of Object.entries(extras)) {
    const raw = params.get(extra.param);
    if (raw === null || raw.trim() === '') {
      values[name] = extra.fallback;
      continue;
    }
    const parsed = extra.schema.safeParse(raw);
    values[name] = parsed.success ? parsed.data : extra.fallback;
    if (!parsed.success) notices.push(extra.invalidNotice);
  }

  return { filters: { ...period, ...ids }, extras: values as ExtraValues<E>, notices };
}

export type AnalysisPatch<E extends AnalysisExtras> = Partial<AnalysisFilters> & { extras?: Partial<ExtraValues<E>> };

/**
 * The URL after a change: every known param rewritten from the current (usable) values plus the
 * patch — an unusable value the URL held is dropped — and unknown params kept. The period is written
 * only when it is not the default one; ids only when chosen; extras only when not their default.
 */
export function writeAnalysisSearch<E extends AnalysisExtras>(
  current: URLSearchParams,
  state: { filters: AnalysisFilters; extras: ExtraValues<E> },
  patch: AnalysisPatch<E>,
  extras: E,
  today: string,
): URLSearchParams {
  const { extras: extraPatch, ...filterPatch } = patch;
  const filters = { ...state.filters, ...filterPatch };
  const values: Record<string, unknown> = { ...state.extras, ...extraPatch };
  const next = new URLSearchParams(current);
  const fallback = defaultPeriod(today);
  const periodChanged = filterPatch.from !== undefined || filterPatch.to !== undefined;
  const urlHadPeriod = current.has(ANALYSIS_PARAMS.from) || current.has(ANALYSIS_PARAMS.to);
  // A period the user chose stays in the URL even when it equals today's default (a link keeps its days).
  const writePeriod = periodChanged ? true : urlHadPeriod && (filters.from !== fallback.from || filters.to !== fallback.to);
  if (writePeriod) {
    next.set(ANALYSIS_PARAMS.from, filters.from);
    next.set(ANALYSIS_PARAMS.to, filters.to);
  } else {
    next.delete(ANALYSIS_PARAMS.from);
    next.delete(ANALYSIS_PARAMS.to);
  }
  for (const key of ID_FILTERS) {
    const value = filters[key];
    if (value) next.set(ANALYSIS_PARAMS[key], value);
    else next.delete(ANALYSIS_PARAMS[key]);
  }
  for (const [name, extra] of Object.entries(extras)) {
    const value = values[name];
    if (value === undefined || value === extra.fallback) next.delete(extra.param);
    else next.set(extra.param, extra.write ? extra.write(value) : String(value));
  }
  return next;
}

/** Ids of the URL that the caller's options do not have: replaced by "all" with a notice. */
export function resolveKnownIds(filters: AnalysisFilters, options: AnalysisFilterOptions): { filters: AnalysisFilters; notices: string[] } {
  const notices: string[] = [];
  const known = (id: string | null, list: readonly { id: string }[], key: IdFilter) => {
    if (id === null || list.some((option) => option.id === id)) return id;
    notices.push(UNKNOWN_ID_NOTICE[key]);
    return null;
  };
  return {
    filters: {
      ...filters,
      unitId: known(filters.unitId, options.units, 'unitId'),
      supplierId: known(filters.supplierId, options.suppliers, 'supplierId'),
      categoryId: known(filters.categoryId, options.categories, 'categoryId'),
    },
    notices,
  };
}

export interface AnalysisParams<E extends AnalysisExtras> extends ParsedAnalysisSearch<E> {
  /** Today in São Paulo (the browser's clock), the end of the default period. */
  today: string;
  /**
   * False while an id of the URL waits for the options (or the product) that confirm it: screens
   * pass it as their query's `enabled`, so an unknown id never reaches the database.
   */
  ready: boolean;
  /** The product the URL names (for the Produto box), once known. */
  product: { id: string; name: string } | null;
  update: (patch: AnalysisPatch<E>) => void;
  /** Back to the defaults (unknown params such as `pedido` are kept). */
  reset: () => void;
  applyPreset: (preset: PeriodPreset) => void;
}

const NO_EXTRAS: AnalysisExtras = {};

/**
 * The filters of an analysis screen, read from and written to the URL (replace: a filter change
 * is not a history step). `extras` must be a module-level constant.
 *
 * `startFigures`, given the URL query just written (`?de=…`), starts the screen's figures for it
 * (first-queries.ts's prefetchAnalysisScreen): the request then leaves at the click, not after React
 * has drawn the whole screen again from the new URL (~40 ms on a 2-core machine), and the screen's
 * own query, with the same key, takes over the answer on its way.
 */
export function useAnalysisParams<E extends AnalysisExtras = Record<never, never>>(
  extras?: E,
  startFigures?: (search: string) => void,
): AnalysisParams<E> {
  const declared = (extras ?? NO_EXTRAS) as E;
  const [params, setParams] = useSearchParams();
  // The URL as last written by this hook or read from the router. react-router hands setParams'
  // updater the search params of the render that created it, so a second change made before the
  // router re-rendered (a preset, then at once the recurrence) would rebuild the URL from the old
  // params and drop the first change. Writes start from this ref instead; it follows the router
  // only when the router's params really change (their identity follows location.search).
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const [today] = useState(() => toAppDateString(new Date()));
  const parsed = useMemo(() => parseAnalysisSearch(params, today, declared), [params, today, declared]);
  const options = useAnalysisFilterOptions();
  const productId = parsed.filters.productId;
  const product = useQuery({ ...analysisProductQueryOptions(productId ?? ''), enabled: productId !== null });

  const resolved = useMemo(() => {
    let filters = parsed.filters;
    const notices = [...parsed.notices];
    if (options.data) {
      const known = resolveKnownIds(filters, options.data);
      filters = known.filters;
      notices.push(...known.notices);
    }
    if (productId !== null && product.isSuccess && product.data === null) {
      filters = { ...filters, productId: null };
      notices.push(analyticsMessages.unknownProduct);
    }
    return { filters, notices };
  }, [parsed, options.data, productId, product.isSuccess, product.data]);

  const needsOptions = parsed.filters.unitId !== null || parsed.filters.supplierId !== null || parsed.filters.categoryId !== null;
  // Options that failed to load do not hold the screen back: the database then answers for the id.
  const ready = (!needsOptions || options.data !== undefined || options.isError) && (productId === null || !product.isPending);

  // Read when a change is written, never during render: the callback and `ready` of the latest render.
  const starting = useRef({ startFigures, ready });
  useLayoutEffect(() => {
    starting.current = { startFigures, ready };
  }, [startFigures, ready]);

  const write = useCallback(
    (next: URLSearchParams) => {
      latest.current = next;
      setParams(next, { replace: true });
      // The router draws the new URL after this handler returns. Only once the URL's ids are confirmed
      // (`ready`): a change made from the screen writes known ids.
      if (starting.current.ready) starting.current.startFigures?.(`?${next.toString()}`);
    },
    [setParams],
  );

  const update = useCallback(
    (patch: AnalysisPatch<E>) => {
      const current = latest.current;
      write(writeAnalysisSearch(current, parseAnalysisSearch(current, today, declared), patch, declared, today));
    },
    [write, today, declared],
  );

  const reset = useCallback(() => {
    const next = new URLSearchParams(latest.current);
    for (const name of Object.values(ANALYSIS_PARAMS)) next.delete(name);
    for (const extra of Object.values(declared)) next.delete(extra.param);
    write(next);
  }, [write, declared]);

  const applyPreset = useCallback((preset: PeriodPreset) => update(presetPeriod(preset, today) as AnalysisPatch<E>), [update, today]);

  return {
    filters: resolved.filters,
    extras: parsed.extras,
    notices: resolved.notices,
    today,
    ready,
    product: product.data && resolved.filters.productId ? product.data : null,
    update,
    reset,
    applyPreset,
  };
}
