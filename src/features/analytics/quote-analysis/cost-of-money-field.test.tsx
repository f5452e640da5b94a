import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CostOfMoneyField } from '@/features/analytics/quote-analysis/cost-of-money-field';

function Harness({ onChange }: { onChange: (value: number) => void }) {
  const [value, setValue] = useState(2);
  return (
    <>
      <CostOfMoneyField
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button" onClick={() => setValue(2)}>
        Limpar
      </button>
    </>
  );
}

afterEach(cleanup);

describe('CostOfMoneyField', () => {
  it('applies a pt-BR decimal on Enter and shows it the same way', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Custo do dinheiro (% ao mês)' });
    expect(input).toHaveProperty('value', '2');
    fireEvent.change(input, { target: { value: '1,5' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(1.5);
    expect(input).toHaveProperty('value', '1,5');
  });

  it('refuses a rate outside 0–20 % a month with the message, and keeps the last good one', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Custo do dinheiro (% ao mês)' });
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('O custo do dinheiro deve estar entre 0 % e 20 % ao mês')).toBeTruthy();
    // A value from outside (a link, 'Limpar filtros') replaces the typing.
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(4);
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(input).toHaveProperty('value', '2');
  });
});
