import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface Period {
  from: string;
  to: string;
}

/** Two date inputs (yyyy-MM-dd); empty means unbounded. */
export function PeriodFilter({ value, onChange }: { value: Period; onChange: (next: Period) => void }) {
  const invalid = value.from !== '' && value.to !== '' && value.from > value.to;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="period-from">De</Label>
        <Input id="period-from" type="date" className="w-44" value={value.from} max={value.to || undefined} onChange={(e) => onChange({ ...value, from: e.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="period-to">Até</Label>
        <Input id="period-to" type="date" className="w-44" value={value.to} min={value.from || undefined} onChange={(e) => onChange({ ...value, to: e.target.value })} />
      </div>
      {invalid ? <p className="pb-2 text-sm text-destructive">A data inicial deve ser anterior à final.</p> : null}
    </div>
  );
}
