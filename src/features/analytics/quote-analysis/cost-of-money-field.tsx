import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { COST_OF_MONEY_RANGE_MESSAGE } from '@/lib/cost-of-money';
import { formatNumber } from '@/lib/dates';
import { costOfMoneyExtra } from '@/features/analytics/components/shared/use-analysis-params';
import { quoteAnalysisMessages as messages } from '@/features/analytics/quote-analysis/messages';

interface CostOfMoneyFieldProps {
  /** % a month (2 = 2 %). */
  value: number;
  onChange: (value: number) => void;
}

const show = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });

/**
 * 'Custo do dinheiro (% ao mês)': typed freely, applied on Enter or when the field is left. A value
 * outside 0–20 is not applied: the message says why and the analysis keeps the last good one.
 */
export function CostOfMoneyField({ value, onChange }: CostOfMoneyFieldProps) {
  const [draft, setDraft] = useState<{ text: string; for: number }>({ text: show(value), for: value });
  const [error, setError] = useState<string | undefined>();
  // A new value from the URL (a preset, 'Limpar filtros', a link) replaces what was typed.
  const text = draft.for === value ? draft.text : show(value);

  const apply = () => {
    const parsed = costOfMoneyExtra.schema.safeParse(text);
    if (!parsed.success) {
      setError(COST_OF_MONEY_RANGE_MESSAGE);
      return;
    }
    setError(undefined);
    setDraft({ text: show(parsed.data), for: parsed.data });
    if (parsed.data !== value) onChange(parsed.data);
  };

  return (
    <Field label={messages.costOfMoney} error={error} className="w-56">
      <Input
        inputMode="decimal"
        value={text}
        onChange={(event) => {
          setDraft({ text: event.target.value, for: value });
          if (error) setError(undefined);
        }}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
        title={messages.costOfMoneyHint}
      />
    </Field>
  );
}
