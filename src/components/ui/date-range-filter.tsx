import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isValidDay, MAX_DAY, MIN_DAY } from '@/lib/dates';
import { cn } from '@/lib/utils';

export const DATE_RANGE_ORDER_MESSAGE = 'A data inicial deve ser anterior ou igual à final.';

interface DateRangeFilterProps {
  /** The search params holding the first and last day (yyyy-MM-dd); each screen keeps its own names. */
  fromParam: string;
  toParam: string;
  /** The fields' labels ('Vencimento de' / 'até'). */
  fromLabel: string;
  toLabel: string;
  /** The group's accessible name ('Período'); with `showLabel` also shown as a legend. */
  label: string;
  showLabel?: boolean;
  /** A page param to drop when the period changes (the list starts again from its first page). */
  pageParam?: string;
  /**
   * What the fields show while the URL has no day (the period the screen applies by default, e.g.
   * the month so far). An emptied field goes back to it once left, not while typing.
   */
  defaults?: { from: string; to: string };
  /** The screen's own verdict on the period (e.g. too long), shown when the order is right. */
  error?: string | null;
  /** Told after the URL got a new period (e.g. a screen keeping its page outside the URL goes back to 0). */
  onChange?: (range: { from: string | null; to: string | null }) => void;
  id?: string;
  className?: string;
  /** Classes of each field's cell and of the inputs (widths in the screen's layout). */
  fieldClassName?: string;
  inputClassName?: string;
}

export type DateRange = { from: string; to: string };
type Range = DateRange;

/** A URL param's day, or '' when absent or unreadable (a hand-edited link falls back to no limit). */
function dayParam(params: URLSearchParams, name: string): string {
  const value = params.get(name);
  return isValidDay(value) ? value : '';
}

/**
 * A period filter kept in the URL: two date fields read and write `fromParam`/`toParam` (so a
 * shared link opens the same period), empty means no limit. A first day after the last one is
 * refused with a message and stays on screen only until it is fixed; the URL never holds it.
 */
export function DateRangeFilter({
  fromParam,
  toParam,
  fromLabel,
  toLabel,
  label,
  showLabel = false,
  pageParam,
  defaults,
  error: screenError = null,
  onChange,
  id: idProp,
  className,
  fieldClassName,
  inputClassName,
}: DateRangeFilterProps) {
  const generated = useId();
  const id = idProp ?? generated;
  const [params, setParams] = useSearchParams();
  const url: Range = { from: dayParam(params, fromParam), to: dayParam(params, toParam) };
  // What the fields show while it differs from the URL (a refused range); null: the URL's.
  const [draft, setDraft] = useState<Range | null>(null);
  const [seen, setSeen] = useState(url);
  if (seen.from !== url.from || seen.to !== url.to) {
    // The URL changed from outside ('Limpar filtros', the back button): the fields follow it.
    setSeen(url);
    setDraft(null);
  }
  const fallback = (which: keyof Range) => defaults?.[which] ?? '';
  const shown = draft ?? { from: url.from || fallback('from'), to: url.to || fallback('to') };
  const error = shown.from && shown.to && shown.from > shown.to ? DATE_RANGE_ORDER_MESSAGE : screenError;

  const change = (which: keyof Range, value: string, leaving = false) => {
    const next = { ...shown, [which]: value };
    // Emptied with a default to go back to: wait until the field is left (the user may be retyping).
    const waiting = value === '' && fallback(which) !== '' && !leaving;
    const effective = { from: next.from || fallback('from'), to: next.to || fallback('to') };
    const readable = (day: string) => day === '' || isValidDay(day);
    if (waiting || !readable(next.from) || !readable(next.to) || (effective.from && effective.to && effective.from > effective.to)) {
      setDraft(next);
      return;
    }
    setDraft(null);
    // A day equal to the default the URL leaves out stays out of the URL.
    const param = (f: keyof Range) => (next[f] === '' || (url[f] === '' && next[f] === fallback(f)) ? '' : next[f]);
    const written = { from: param('from'), to: param('to') };
    if (written.from === url.from && written.to === url.to) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (written.from) updated.set(fromParam, written.from);
        else updated.delete(fromParam);
        if (written.to) updated.set(toParam, written.to);
        else updated.delete(toParam);
        if (pageParam) updated.delete(pageParam);
        return updated;
      },
      { replace: true },
    );
    onChange?.({ from: written.from || null, to: written.to || null });
  };

  /** Leaving a field: an emptied one goes back to its default, a half-typed day to the URL's. */
  const leave = (which: keyof Range) => {
    if (!draft) return;
    const value = draft[which];
    if (value === '' && fallback(which) !== '') change(which, '', true);
    else if (value !== '' && !isValidDay(value)) setDraft({ ...draft, [which]: url[which] || fallback(which) });
  };

  return (
    <DateRangeFields
      id={id}
      value={shown}
      onChange={change}
      onBlur={leave}
      error={error}
      label={label}
      showLabel={showLabel}
      fromLabel={fromLabel}
      toLabel={toLabel}
      className={className}
      fieldClassName={fieldClassName}
      inputClassName={inputClassName}
    />
  );
}

interface DateRangeFieldsProps {
  id: string;
  /** yyyy-MM-dd or '' in each field. */
  value: Range;
  onChange: (which: keyof Range, value: string) => void;
  onBlur?: (which: keyof Range) => void;
  error: string | null;
  label: string;
  showLabel?: boolean;
  fromLabel: string;
  toLabel: string;
  className?: string;
  fieldClassName?: string;
  inputClassName?: string;
}

/**
 * The two date fields and their message, controlled by the caller: DateRangeFilter binds them to
 * the URL; a screen keeping its period in state uses them directly.
 */
export function DateRangeFields({ id, value, onChange, onBlur, error, label, showLabel = false, fromLabel, toLabel, className, fieldClassName, inputClassName }: DateRangeFieldsProps) {
  const errorId = `${id}-error`;
  const field = (which: keyof Range, fieldLabel: string) => (
    <div className={cn('grid gap-1.5', fieldClassName)}>
      <Label htmlFor={`${id}-${which}`}>{fieldLabel}</Label>
      <Input
        id={`${id}-${which}`}
        type="date"
        className={inputClassName}
        min={MIN_DAY}
        max={MAX_DAY}
        value={value[which]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(which, event.target.value)}
        onBlur={() => onBlur?.(which)}
      />
    </div>
  );

  return (
    <div role="group" aria-label={showLabel ? undefined : label} aria-labelledby={showLabel ? `${id}-legend` : undefined} className={cn('flex flex-wrap items-end gap-3', className)}>
      {showLabel ? (
        <span id={`${id}-legend`} className="basis-full text-sm leading-none font-medium">
          {label}
        </span>
      ) : null}
      {field('from', fromLabel)}
      {field('to', toLabel)}
      {error ? (
        <p id={errorId} role="alert" className="basis-full text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
