import { ChevronsUpDown, Info, Search, X } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { DateRangeFields } from '@/components/ui/date-range-filter';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { foldText } from '@/lib/text';
import { useAnalysisFilterOptions, type AnalysisOption } from '@/features/analytics/api/get-analysis-filter-options';
import { useAnalysisProductSearch } from '@/features/analytics/api/search-products';
import {
  matchingPreset,
  PERIOD_PRESETS,
  periodProblem,
  type AnalysisExtras,
  type AnalysisParams,
  type IdFilter,
} from '@/features/analytics/components/shared/use-analysis-params';
import { analyticsErrorMessage, analyticsMessages } from '@/features/analytics/messages';

export type FilterField = 'unit' | 'supplier' | 'category' | 'product';

interface FilterBarProps<E extends AnalysisExtras> {
  params: AnalysisParams<E>;
  /** The id filters this screen offers, in this order (the period is always there). */
  fields: readonly FilterField[];
  /** The screen's own controls (e.g. 'Custo do dinheiro (% ao mês)'), after the standard ones. */
  children?: ReactNode;
}

const OPTION_FIELDS = {
  unit: { key: 'unitId', label: 'Unidade', all: 'Todas as unidades', list: 'units', listLabel: 'Unidades', empty: 'Nenhuma unidade encontrada.' },
  supplier: { key: 'supplierId', label: 'Fornecedor', all: 'Todos os fornecedores', list: 'suppliers', listLabel: 'Fornecedores', empty: 'Nenhum fornecedor encontrado.' },
  category: { key: 'categoryId', label: 'Categoria', all: 'Todas as categorias', list: 'categories', listLabel: 'Categorias', empty: 'Nenhuma categoria encontrada.' },
} as const;

/**
 * The filters of an analysis screen: the period ('De', 'Até' and three presets), the comboboxes the
 * screen asks for, its own controls, 'Limpar filtros' and the notices about unusable URL values.
 * Every change goes to the URL at once (useAnalysisParams).
 */
export function FilterBar<E extends AnalysisExtras>({ params, fields, children }: FilterBarProps<E>) {
  const options = useAnalysisFilterOptions();
  const { filters } = params;
  const activePreset = matchingPreset(filters, params.today);
  const hasChoices = filters.unitId !== null || filters.supplierId !== null || filters.categoryId !== null || filters.productId !== null;
  const hasParams = hasChoices || activePreset !== 'last90' || params.notices.length > 0;

  return (
    <div className="grid gap-3 print:hidden">
      <div role="group" aria-label="Filtros da análise" className="flex flex-wrap items-end gap-3">
        <PeriodFields params={params} />
        <div role="group" aria-label="Períodos prontos" className="flex flex-wrap gap-2">
          {PERIOD_PRESETS.map((preset) => (
            <Button key={preset.id} type="button" size="sm" variant={activePreset === preset.id ? 'default' : 'outline'} aria-pressed={activePreset === preset.id} onClick={() => params.applyPreset(preset.id)}>
              {preset.label}
            </Button>
          ))}
        </div>
      </div>
      {fields.length > 0 || children ? (
        <div className="flex flex-wrap items-end gap-3">
          {fields.map((field) =>
            field === 'product' ? (
              <ProductFilter key={field} params={params} />
            ) : (
              <OptionFilter
                key={field}
                id={`analysis-filter-${field}`}
                label={OPTION_FIELDS[field].label}
                allLabel={OPTION_FIELDS[field].all}
                listLabel={OPTION_FIELDS[field].listLabel}
                emptyText={OPTION_FIELDS[field].empty}
                options={options.data?.[OPTION_FIELDS[field].list]}
                value={filters[OPTION_FIELDS[field].key]}
                onChange={(value) => params.update({ [OPTION_FIELDS[field].key as IdFilter]: value })}
              />
            ),
          )}
          {children}
          {hasParams ? (
            <Button type="button" variant="ghost" onClick={params.reset}>
              <X aria-hidden="true" /> Limpar filtros
            </Button>
          ) : null}
        </div>
      ) : null}
      {options.isError ? <LoadError message={analyticsMessages.optionsError} detail={analyticsErrorMessage(options.error)} onRetry={() => void options.refetch()} /> : null}
      {params.notices.length > 0 ? (
        <ul role="status" aria-label="Avisos sobre os filtros" className="grid gap-1 rounded-md border border-warning-foreground/30 bg-warning px-3 py-2 text-sm text-warning-foreground">
          {params.notices.map((notice) => (
            <li key={notice} className="flex items-start gap-2">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {notice}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** 'De' and 'Até': a complete, ordered period of at most 3 years goes to the URL; anything else stays in the fields with its message. */
function PeriodFields<E extends AnalysisExtras>({ params }: { params: AnalysisParams<E> }) {
  const applied = { from: params.filters.from, to: params.filters.to };
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const [seen, setSeen] = useState(applied);
  if (seen.from !== applied.from || seen.to !== applied.to) {
    // The period changed from outside (a preset, 'Limpar filtros', the back button): the fields follow it.
    setSeen(applied);
    setDraft(null);
  }
  const shown = draft ?? applied;
  const problem = draft ? periodProblem(draft.from, draft.to) : null;
  return (
    <DateRangeFields
      id="analysis-period"
      label="Período"
      showLabel
      fromLabel="De"
      toLabel="Até"
      value={shown}
      error={problem}
      inputClassName="w-40"
      onChange={(which, value) => {
        const next = { ...shown, [which]: value };
        if (periodProblem(next.from, next.to) === null) {
          setDraft(null);
          if (next.from !== applied.from || next.to !== applied.to) params.update({ from: next.from, to: next.to } as Parameters<typeof params.update>[0]);
        } else setDraft(next);
      }}
      onBlur={() => {
        // A half-typed or emptied day goes back to the applied period once the field is left, unless it is an order problem to fix.
        if (draft && (!draft.from || !draft.to)) setDraft(null);
      }}
    />
  );
}

interface OptionFilterProps {
  id: string;
  label: string;
  allLabel: string;
  listLabel: string;
  emptyText: string;
  options: readonly AnalysisOption[] | undefined;
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A searchable choice among the loaded options; an empty box means all. */
function OptionFilter({ id, label, allLabel, listLabel, emptyText, options, value, onChange }: OptionFilterProps) {
  const [query, setQuery] = useState('');
  const all = useMemo(() => (options ?? []).map((option) => ({ id: option.id, label: option.name })), [options]);
  const shown = useMemo(() => {
    const term = foldText(query.trim());
    return term ? all.filter((option) => foldText(option.label).includes(term)) : all;
  }, [all, query]);
  const selected = all.find((option) => option.id === value) ?? null;
  return (
    <div className="grid w-full gap-1.5 sm:w-56">
      <Label htmlFor={id}>{label}</Label>
      <Combobox<ComboboxOption>
        id={id}
        options={shown}
        value={selected}
        onChange={(option) => {
          if (option) onChange(option.id);
          else if (value !== null) onChange(null);
        }}
        onSearch={setQuery}
        placeholder={options === undefined ? 'Carregando…' : allLabel}
        emptyText={emptyText}
        listLabel={listLabel}
        endIcon={<ChevronsUpDown aria-hidden="true" />}
      />
    </div>
  );
}

/** 'Produto': typed text (2+ characters) searches the catalogue by name or barcode, top 20. */
function ProductFilter<E extends AnalysisExtras>({ params }: { params: AnalysisParams<E> }) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term, 250);
  const search = useAnalysisProductSearch(debounced);
  const options = useMemo(() => (search.data ?? []).map((product) => ({ id: product.id, label: product.name })), [search.data]);
  const selected = params.product ? { id: params.product.id, label: params.product.name } : null;
  return (
    <div className="grid w-full gap-1.5 sm:w-72">
      <Label htmlFor="analysis-filter-product">Produto</Label>
      <Combobox<ComboboxOption>
        id="analysis-filter-product"
        options={options}
        value={selected}
        onChange={(option) => {
          if (option) params.update({ productId: option.id } as Parameters<typeof params.update>[0]);
          else if (params.filters.productId !== null) params.update({ productId: null } as Parameters<typeof params.update>[0]);
        }}
        onSearch={setTerm}
        minSearchLength={2}
        loading={term.trim() !== debounced.trim() || search.isFetching}
        errorText={search.isError ? 'Não foi possível buscar os produtos.' : null}
        placeholder="Todos os produtos (busque pelo nome)"
        emptyText="Nenhum produto encontrado."
        listLabel="Produtos encontrados"
        startIcon={<Search aria-hidden="true" />}
      />
    </div>
  );
}
