import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';

beforeAll(() => {
  // Radix's popper measures the anchor; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(cleanup);

const PRODUCTS: ComboboxOption[] = [
  { id: 'p1', label: 'Dipirona 500 mg', description: '7891234567890' },
  { id: 'p2', label: 'Dipirona gotas', description: null },
];

/** A search-and-pick combobox filtering PRODUCTS locally, as a feature's hook would. */
function Search({ onPick, loading = false, errorText = null }: { onPick: (option: ComboboxOption) => void; loading?: boolean; errorText?: string | null }) {
  const [term, setTerm] = useState('');
  const options = PRODUCTS.filter((product) => product.label.toLowerCase().includes(term.trim().toLowerCase()));
  return (
    <Field label="Buscar produto pelo nome">
      <Combobox
        options={options}
        onChange={(option) => {
          if (option) onPick(option);
        }}
        onSearch={setTerm}
        loading={loading}
        errorText={errorText}
        minSearchLength={2}
        placeholder="Digite ao menos 2 letras"
        emptyText="Nenhum produto encontrado."
        listLabel="Produtos encontrados"
      />
    </Field>
  );
}

describe('Combobox', () => {
  it('is a labelled combobox whose list opens once enough is typed', async () => {
    const user = userEvent.setup();
    render(<Search onPick={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: 'Buscar produto pelo nome' });
    await user.type(box, 'd');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.type(box, 'ip');
    const list = screen.getByRole('listbox', { name: 'Produtos encontrados' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Dipirona 500 mg7891234567890', 'Dipirona gotas']);
  });

  it('moves with the arrows, picks with Enter and empties the box for the next search', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Search onPick={onPick} />);
    const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'Buscar produto pelo nome' });
    await user.type(box, 'dipi');
    const first = screen.getByRole('option', { name: /Dipirona 500 mg/ });
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);
    await user.keyboard('{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Dipirona gotas' });
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(PRODUCTS[1]);
    expect(box.value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('picks with the mouse and closes with Escape', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Search onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Buscar produto pelo nome' });
    await user.type(box, 'dipi');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(box);
    await user.click(screen.getByRole('option', { name: /Dipirona 500 mg/ }));
    expect(onPick).toHaveBeenCalledWith(PRODUCTS[0]);
  });

  it('says when nothing matches, while searching and when the search failed', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Search onPick={vi.fn()} />);
    await user.type(screen.getByRole('combobox'), 'xarope');
    expect(screen.getByRole('listbox').textContent).toBe('Nenhum produto encontrado.');
    rerender(<Search onPick={vi.fn()} loading />);
    expect(screen.getByRole('listbox').textContent).toContain('Buscando...');
    rerender(<Search onPick={vi.fn()} errorText="Não foi possível buscar produtos" />);
    expect(screen.getByRole('listbox').textContent).toBe('Não foi possível buscar produtos');
  });

  it('in select mode shows the choice, clears it when typing and offers the extra action with what was typed', async () => {
    const user = userEvent.setup();
    const onOther = vi.fn();
    function Select() {
      const [value, setValue] = useState<ComboboxOption | null>(null);
      const [term, setTerm] = useState('');
      return (
        <form aria-label="Boleto" onSubmit={(event) => event.preventDefault()}>
          <Field label="Fornecedor">
            <Combobox
              options={PRODUCTS.filter((product) => product.label.includes(term))}
              value={value}
              onChange={setValue}
              onSearch={setTerm}
              listLabel="Fornecedores"
              action={{ label: 'Outro beneficiário (não cadastrado)', onSelect: onOther }}
            />
          </Field>
        </form>
      );
    }
    render(<Select />);
    const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'Fornecedor' });
    await user.click(box);
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.click(screen.getByRole('option', { name: 'Dipirona gotas' }));
    expect(box.value).toBe('Dipirona gotas');
    await user.clear(box);
    await user.type(box, 'Farma X');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Outro beneficiário (não cadastrado)']);
    await user.keyboard('{Enter}');
    expect(onOther).toHaveBeenCalledWith('Farma X');
    expect(box.value).toBe('');
  });
});
