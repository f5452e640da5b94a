import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRecurrenceDays } from '@/features/analytics/shortage-analysis/recurrence';
import { RecurrenceField } from '@/features/analytics/shortage-analysis/recurrence-field';

afterEach(cleanup);

describe('parseRecurrenceDays', () => {
  it('takes whole days from 1 to 365 and nothing else', () => {
    expect(parseRecurrenceDays('1')).toBe(1);
    expect(parseRecurrenceDays(' 60 ')).toBe(60);
    expect(parseRecurrenceDays('365')).toBe(365);
    for (const text of ['', '0', '366', '1000', '7.5', '7,5', '-3', 'abc']) expect(parseRecurrenceDays(text), text).toBeNull();
  });
});

describe('RecurrenceField', () => {
  function Harness({ onChange }: { onChange: (days: number) => void }) {
    const [value, setValue] = useState(30);
    return (
      <>
        <RecurrenceField
          value={value}
          onChange={(days) => {
            onChange(days);
            setValue(days);
          }}
        />
        <button type="button" onClick={() => setValue(30)}>
          Limpar
        </button>
      </>
    );
  }

  it('applies a valid number at once, keeps an invalid one in the field with its message, and follows outside changes', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Recorrência (dias)');
    expect(input).toHaveProperty('value', '30');

    fireEvent.change(input, { target: { value: '45' } });
    expect(onChange).toHaveBeenLastCalledWith(45);
    expect(input).toHaveProperty('value', '45');

    fireEvent.change(input, { target: { value: '400' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input).toHaveProperty('value', '400');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Informe de 1 a 365 dias.')).toBeTruthy();

    // Leaving the field drops the invalid text: the applied value is shown again.
    fireEvent.blur(input);
    expect(input).toHaveProperty('value', '45');
    expect(screen.queryByText('Informe de 1 a 365 dias.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(input).toHaveProperty('value', '30');
  });
});
