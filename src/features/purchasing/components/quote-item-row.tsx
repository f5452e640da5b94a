import { AlertCircle, CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { formatCurrency, formatNumber } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { lineTotal, parseBrl, type QuoteItemDraft, type QuoteItemDraftErrors } from '@/features/purchasing/logic';
import type { QuoteItem } from '@/features/purchasing/types';
import type { CellSaveState } from '@/features/purchasing/use-quote-autosave';

interface QuoteItemRowProps {
  item: QuoteItem;
  draft: QuoteItemDraft;
  errors: QuoteItemDraftErrors;
  state: CellSaveState;
  disabled: boolean;
  onChange: (patch: Partial<QuoteItemDraft>) => void;
  onEnter: () => void;
  onRetry: () => void;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  ) : null;
}

/** A field of an offer's substitute or bonus, with a visible caption (its accessible name is on the field itself). */
function Captioned({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground" aria-hidden="true">
        {caption}
      </span>
      {children}
    </div>
  );
}

export function QuoteItemRow({ item, draft, errors, state, disabled, onChange, onEnter, onRetry }: QuoteItemRowProps) {
  const id = item.shortageId;
  const price = parseBrl(draft.unitPrice);
  const failing = state.status === 'retrying' || (state.error !== null && (state.status === 'waiting' || state.status === 'saving'));
  return (
    <div className="grid gap-2" data-save-status={state.status}>
      <div className="grid items-start gap-3 md:grid-cols-[minmax(0,1fr)_9rem_7rem_auto]">
        <div className="min-w-0">
          <p className="truncate font-medium">{item.productName}</p>
          <p className="text-xs text-muted-foreground">
            {formatNumber(item.requestedQuantity)} un. · {item.unitName ?? '—'}
            {item.barcode ? ` · ${item.barcode}` : ''}
            {price !== null && !Number.isNaN(price) ? ` · total ${formatCurrency(lineTotal(item.requestedQuantity, price))}` : ''}
          </p>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`price-${id}`} className="text-xs font-medium">
            Preço unitário (R$)
          </label>
          <Input
            id={`price-${id}`}
            inputMode="decimal"
            placeholder="0,00"
            disabled={disabled}
            value={draft.unitPrice}
            aria-label={`Preço unitário de ${item.productName}`}
            aria-invalid={errors.unitPrice ? true : undefined}
            aria-describedby={errors.unitPrice ? `price-${id}-error` : undefined}
            className={cn('text-right tabular-nums', failing && 'border-amber-500')}
            onChange={(e) => onChange({ unitPrice: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onEnter();
              }
            }}
          />
          <FieldError id={`price-${id}-error`} message={errors.unitPrice} />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`min-${id}`} className="text-xs font-medium">
            Qtd. mínima
          </label>
          <Input
            id={`min-${id}`}
            inputMode="numeric"
            disabled={disabled}
            value={draft.minimumQuantity}
            aria-label={`Quantidade mínima de ${item.productName}`}
            aria-invalid={errors.minimumQuantity ? true : undefined}
            aria-describedby={errors.minimumQuantity ? `min-${id}-error` : undefined}
            className="text-right tabular-nums"
            onChange={(e) => onChange({ minimumQuantity: e.target.value })}
          />
          <FieldError id={`min-${id}-error`} message={errors.minimumQuantity} />
        </div>
        <div className="flex flex-col gap-2 pt-5 text-sm">
          <label className="flex items-center gap-2">
            <Checkbox
              disabled={disabled}
              checked={draft.wantsSubstitute}
              aria-label={`Oferecer substituto para ${item.productName}`}
              onCheckedChange={(value) => onChange({ wantsSubstitute: value === true })}
            />
            Substituto
          </label>
          <label className="flex items-center gap-2">
            <Checkbox
              disabled={disabled}
              checked={draft.hasBonus}
              aria-label={`Oferecer bonificação para ${item.productName}`}
              onCheckedChange={(value) => onChange({ hasBonus: value === true })}
            />
            Bonificação
          </label>
        </div>
      </div>
      {draft.wantsSubstitute ? (
        <div className="grid items-start gap-2 rounded-md bg-muted/50 p-2 sm:grid-cols-2">
          <Captioned caption="Produto substituto">
            <Input
              disabled={disabled}
              placeholder="Nome e apresentação"
              aria-label={`Produto substituto de ${item.productName}`}
              value={draft.substituteProductName}
              maxLength={200}
              onChange={(e) => onChange({ substituteProductName: e.target.value })}
            />
          </Captioned>
          <Captioned caption="Fabricante do substituto">
            <Input
              disabled={disabled}
              placeholder="Fabricante ou laboratório"
              aria-label={`Fabricante do substituto de ${item.productName}`}
              value={draft.substituteManufacturer}
              maxLength={200}
              onChange={(e) => onChange({ substituteManufacturer: e.target.value })}
            />
          </Captioned>
        </div>
      ) : null}
      {draft.hasBonus ? (
        <div className="grid items-start gap-2 rounded-md bg-muted/50 p-2 sm:grid-cols-[1fr_1fr_10rem_7rem]">
          <Captioned caption="Produto bonificado">
            <Input
              disabled={disabled}
              placeholder="Nome e apresentação"
              aria-label={`Produto da bonificação de ${item.productName}`}
              value={draft.bonusProductName}
              maxLength={200}
              onChange={(e) => onChange({ bonusProductName: e.target.value })}
            />
          </Captioned>
          <Captioned caption="Fabricante da bonificação">
            <Input
              disabled={disabled}
              placeholder="Fabricante ou laboratório"
              aria-label={`Fabricante da bonificação de ${item.productName}`}
              value={draft.bonusManufacturer}
              maxLength={200}
              onChange={(e) => onChange({ bonusManufacturer: e.target.value })}
            />
          </Captioned>
          <Captioned caption="Validade (opcional)">
            <Input
              type="date"
              disabled={disabled}
              aria-label={`Validade da bonificação de ${item.productName}`}
              aria-invalid={errors.bonusExpiryDate ? true : undefined}
              value={draft.bonusExpiryDate}
              onChange={(e) => onChange({ bonusExpiryDate: e.target.value })}
            />
            <FieldError id={`bonus-date-${id}-error`} message={errors.bonusExpiryDate} />
          </Captioned>
          <Captioned caption="Qtd. bonificada">
            <Input
              inputMode="numeric"
              disabled={disabled}
              aria-label={`Quantidade da bonificação de ${item.productName}`}
              aria-invalid={errors.bonusQuantity ? true : undefined}
              value={draft.bonusQuantity}
              className="text-right tabular-nums"
              onChange={(e) => onChange({ bonusQuantity: e.target.value })}
            />
            <FieldError id={`bonus-qty-${id}-error`} message={errors.bonusQuantity} />
          </Captioned>
        </div>
      ) : null}
      <CellSaveNote state={state} failing={failing} onRetry={onRetry} />
    </div>
  );
}

/** Under an item: pending, failing (with the reason and a retry) or refused (showing what the database holds). */
function CellSaveNote({ state, failing, onRetry }: { state: CellSaveState; failing: boolean; onRetry: () => void }) {
  if (failing)
    return (
      <p className="flex flex-wrap items-center gap-2 text-xs text-amber-800 dark:text-amber-200" data-testid="cell-save-pending">
        <CloudOff aria-hidden="true" className="size-3.5" />
        Não salvo: {state.error} {state.status === 'retrying' ? 'Nova tentativa automática em instantes.' : 'Salvando novamente...'}
        {state.status === 'retrying' ? (
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onRetry}>
            Tentar agora
          </Button>
        ) : null}
      </p>
    );
  if (state.status === 'refused')
    return (
      <p className="flex items-center gap-2 text-xs text-destructive">
        <AlertCircle aria-hidden="true" className="size-3.5" /> Não salvo: {state.error} Os valores exibidos são os que estão salvos.
      </p>
    );
  if (state.status === 'waiting' || state.status === 'saving') return <p className="text-xs text-muted-foreground">Salvando...</p>;
  return null;
}
