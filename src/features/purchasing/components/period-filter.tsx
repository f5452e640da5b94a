import { DATE_RANGE_ORDER_MESSAGE, DateRangeFields, type DateRange } from '@/components/ui/date-range-filter';

export type Period = DateRange;

/** Two date inputs (yyyy-MM-dd; the shared range fields); empty means unbounded. */
export function PeriodFilter({ value, onChange }: { value: Period; onChange: (next: Period) => void }) {
  const invalid = value.from !== '' && value.to !== '' && value.from > value.to;
  return (
    <DateRangeFields
      id="period"
      label="Período"
      fromLabel="De"
      toLabel="Até"
      value={value}
      onChange={(which, day) => onChange({ ...value, [which]: day })}
      error={invalid ? DATE_RANGE_ORDER_MESSAGE : null}
      inputClassName="w-44"
    />
  );
}
