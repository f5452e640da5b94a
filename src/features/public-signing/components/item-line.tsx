import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatDay, formatNumber } from '@/lib/plain-dates';
import { NOTE_MAX_LENGTH, type LineDraft } from '@/features/public-signing/logic';
import type { SignatureShipmentItem } from '@/features/public-signing/types';

interface ItemLineProps {
  item: SignatureShipmentItem;
  draft: LineDraft;
  error: string | undefined;
  disabled: boolean;
  onChange: (draft: LineDraft) => void;
}

const QUANTITY_FIELDS = [
  { key: 'short', label: 'Falta' },
  { key: 'damaged', label: 'Avaria' },
  { key: 'shortDated', label: 'Validade curta' },
] as const;

/** One shipped line: product, quantity, lot, expiry, and its optional discrepancy (shortage, damage, short-dated, note). */
export function ItemLine({ item, draft, error, disabled, onChange }: ItemLineProps) {
  const id = useId();
  const panelId = `${id}-divergencia`;
  const errorId = `${id}-erro`;
  const noteId = `${id}-observacao`;
  const describedBy = error ? errorId : undefined;

  return (
    <li data-line className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="grid gap-1">
        <p className="font-medium break-words">{item.product_name}</p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>Quantidade:</dt>
            <dd className="font-semibold text-foreground tabular-nums">{formatNumber(item.quantity)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Lote:</dt>
            <dd className="text-foreground">{item.lot || '—'}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Validade:</dt>
            <dd className="text-foreground tabular-nums">{formatDay(item.expiry_date)}</dd>
          </div>
        </dl>
      </div>

      <label className="flex w-fit cursor-pointer items-center gap-2 text-sm font-medium text-primary">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={draft.open}
          disabled={disabled}
          aria-controls={panelId}
          aria-expanded={draft.open}
          onChange={(event) => onChange({ ...draft, open: event.target.checked })}
        />
        Registrar divergência
      </label>

      {draft.open ? (
        <fieldset id={panelId} className="grid gap-3 rounded-lg border bg-muted/40 p-3" disabled={disabled}>
          <legend className="sr-only">Divergência de {item.product_name}</legend>
          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            {QUANTITY_FIELDS.map(({ key, label }) => (
              <div key={key} className="grid content-start gap-1.5">
                <label htmlFor={`${id}-${key}`} className="text-xs font-medium sm:text-sm">
                  {label}
                </label>
                <Input
                  id={`${id}-${key}`}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="0"
                  maxLength={9}
                  className="bg-background tabular-nums dark:bg-input/30"
                  value={draft[key]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                  onChange={(event) => onChange({ ...draft, [key]: event.target.value })}
                />
              </div>
            ))}
          </div>
          <div className="grid gap-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor={noteId} className="text-xs font-medium sm:text-sm">
                Observação
              </label>
              <span className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
                {draft.note.length}/{NOTE_MAX_LENGTH}
              </span>
            </div>
            <Textarea
              id={noteId}
              rows={2}
              maxLength={NOTE_MAX_LENGTH}
              className="min-h-14 bg-background dark:bg-input/30"
              value={draft.note}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ ...draft, note: event.target.value })}
            />
          </div>
        </fieldset>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
