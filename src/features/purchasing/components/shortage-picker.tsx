import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatCount, formatDate, formatNumber } from '@/lib/dates';
import { matchesText } from '@/features/purchasing/logic';
import type { BatchShortage } from '@/features/purchasing/types';

interface ShortagePickerProps {
  shortages: readonly BatchShortage[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

const ROW_HEIGHT = 48;
/** The unit filter's value for "every unit" (Radix Select items cannot have an empty value). */
const ALL_UNITS = 'all';

/** Filter by unit and text, multi-select; the list is virtualised (thousands of pending shortages). */
export function ShortagePicker({ shortages, selected, onChange }: ShortagePickerProps) {
  const [text, setText] = useState('');
  const [unitId, setUnitId] = useState('');
  const units = useMemo(() => {
    const map = new Map<string, string>();
    for (const s of shortages) map.set(s.unitId, s.unitName);
    return [...map].sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'));
  }, [shortages]);
  const filtered = useMemo(
    () => shortages.filter((s) => (!unitId || s.unitId === unitId) && matchesText(text, s.productName, s.barcode)),
    [shortages, unitId, text],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns functions React Compiler cannot memoise
  const virtualizer = useVirtualizer({ count: filtered.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const allFilteredSelected = filtered.length > 0 && filtered.every((s) => selected.has(s.id));

  function toggle(id: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  }

  function toggleAll(on: boolean) {
    const next = new Set(selected);
    for (const s of filtered) {
      if (on) next.add(s.id);
      else next.delete(s.id);
    }
    onChange(next);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="shortage-search">Buscar produto</Label>
          <Input id="shortage-search" placeholder="Nome ou código de barras" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="shortage-unit">Unidade</Label>
          <Select value={unitId || ALL_UNITS} onValueChange={(next) => setUnitId(next === ALL_UNITS ? '' : next)}>
            <SelectTrigger id="shortage-unit">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_UNITS}>Todas as unidades</SelectItem>
              {units.map(([id, name]) => (
                <SelectItem key={id} value={id}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="flex items-center justify-between gap-2 text-sm">
        <label className="flex items-center gap-2">
          <Checkbox checked={allFilteredSelected} onCheckedChange={(value) => toggleAll(value === true)} aria-label="Selecionar todos os itens filtrados" />
          Selecionar todos ({formatNumber(filtered.length)})
        </label>
        <span className="text-muted-foreground" aria-live="polite">
          {formatCount(selected.size, 'selecionado', 'selecionados')}
        </span>
      </div>
      <div ref={scrollRef} className="h-80 overflow-auto rounded-md border" role="group" aria-label="Faltas pendentes">
        {filtered.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">Nenhuma falta pendente encontrada.</p>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => {
              const s = filtered[row.index];
              if (!s) return null;
              const id = `pick-${s.id}`;
              return (
                <div
                  key={s.id}
                  className="absolute inset-x-0 flex items-center gap-3 border-b px-3 text-sm hover:bg-muted/50"
                  style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                >
                  <Checkbox id={id} checked={selected.has(s.id)} onCheckedChange={(value) => toggle(s.id, value === true)} />
                  <label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer items-center justify-between gap-3">
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{s.productName}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {s.unitName} · {s.barcode ?? 'sem código'} · {formatDate(s.createdAt)}
                      </span>
                    </span>
                    <span className="shrink-0 tabular-nums">{formatNumber(s.requestedQuantity)} un.</span>
                  </label>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
