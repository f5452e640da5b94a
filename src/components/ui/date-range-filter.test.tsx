import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useSearchParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATE_RANGE_ORDER_MESSAGE, DateRangeFilter } from '@/components/ui/date-range-filter';

afterEach(cleanup);

/** Shows the URL's query, and a button clearing it as a screen's 'Limpar filtros' would. */
function Url() {
  const location = useLocation();
  const [, setParams] = useSearchParams();
  return (
    <>
      <output aria-label="URL">{location.search}</output>
      <button type="button" onClick={() => setParams({})}>
        Limpar filtros
      </button>
    </>
  );
}

function renderAt(url: string, onChange = vi.fn()) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <DateRangeFilter fromParam="de" toParam="ate" pageParam="pagina" label="Período" fromLabel="Vencimento de" toLabel="até" onChange={onChange} />
      <Url />
    </MemoryRouter>,
  );
  return {
    from: screen.getByLabelText<HTMLInputElement>('Vencimento de'),
    to: screen.getByLabelText<HTMLInputElement>('até'),
    url: () => screen.getByRole('status', { name: 'URL' }).textContent,
    onChange,
  };
}

describe('DateRangeFilter', () => {
  it('shows the period a link carries, in its own params, and ignores unreadable days', () => {
    const { from, to } = renderAt('/boletos?de=2026-11-01&ate=2026-02-30');
    expect(from.value).toBe('2026-11-01');
    expect(to.value).toBe('');
    expect(screen.getByRole('group', { name: 'Período' })).toBeTruthy();
  });

  it('writes a change to the URL, keeps the other params and starts the list again from page 1', () => {
    const { from, to, url, onChange } = renderAt('/boletos?busca=alfa&pagina=3');
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    expect(url()).toBe('?busca=alfa&de=2026-11-01');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-01', to: null });
    fireEvent.change(to, { target: { value: '2026-11-30' } });
    expect(url()).toBe('?busca=alfa&de=2026-11-01&ate=2026-11-30');
    fireEvent.change(from, { target: { value: '' } });
    expect(url()).toBe('?busca=alfa&ate=2026-11-30');
  });

  it('refuses a first day after the last one with a message, until it is fixed', () => {
    const { from, to, url } = renderAt('/boletos?ate=2026-11-10');
    fireEvent.change(from, { target: { value: '2026-11-20' } });
    expect(screen.getByRole('alert').textContent).toBe(DATE_RANGE_ORDER_MESSAGE);
    expect(from.value).toBe('2026-11-20');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(url()).toBe('?ate=2026-11-10');
    fireEvent.change(to, { target: { value: '2026-11-30' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(url()).toBe('?ate=2026-11-30&de=2026-11-20');
  });

  it('follows the URL when it changes from outside', () => {
    const { from, to } = renderAt('/boletos?de=2026-11-01&ate=2026-11-30');
    fireEvent.change(to, { target: { value: '2026-10-01' } });
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(from.value).toBe('');
    expect(to.value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the default period while the URL has none, and an emptied field goes back to it when left', () => {
    render(
      <MemoryRouter initialEntries={['/relatorio']}>
        <DateRangeFilter fromParam="de" toParam="ate" label="Período de pagamentos" fromLabel="De" toLabel="Até" defaults={{ from: '2026-11-01', to: '2026-11-26' }} error="O período pode ter no máximo 10 anos." />
        <Url />
      </MemoryRouter>,
    );
    const from = screen.getByLabelText<HTMLInputElement>('De');
    const to = screen.getByLabelText<HTMLInputElement>('Até');
    const url = () => screen.getByRole('status', { name: 'URL' }).textContent;
    expect([from.value, to.value]).toEqual(['2026-11-01', '2026-11-26']);
    expect(screen.getByRole('alert').textContent).toBe('O período pode ter no máximo 10 anos.');
    fireEvent.change(to, { target: { value: '2026-11-10' } });
    expect(url()).toBe('?ate=2026-11-10');
    fireEvent.change(to, { target: { value: '' } });
    expect(to.value).toBe('');
    expect(url()).toBe('?ate=2026-11-10');
    fireEvent.blur(to);
    expect(url()).toBe('');
    expect(to.value).toBe('2026-11-26');
    fireEvent.change(from, { target: { value: '2026-12-01' } });
    expect(screen.getByRole('alert').textContent).toBe(DATE_RANGE_ORDER_MESSAGE);
    expect(url()).toBe('');
  });
});
