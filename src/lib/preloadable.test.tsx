import { cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from '@/lib/preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">Falhou: {String((this.state.error as Error).message)}</p> : this.props.children;
  }
}

afterEach(cleanup);

describe('preloadable', () => {
  it('renders at once, without a fallback, when its code was preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Lazy = preloadable(load);
    await Lazy.preload();
    render(<Lazy name="Ana" fallback={<p>Carregando…</p>} />);
    // Synchronously on the first render: no fallback frame at all.
    expect(screen.getByText('Olá, Ana')).toBeTruthy();
    expect(screen.queryByText('Carregando…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback (the element’s, else its default) until the code arrives, then the component', async () => {
    let resolve!: (component: typeof Greeting) => void;
    const Lazy = preloadable(() => new Promise<typeof Greeting>((r) => (resolve = r)), { fallback: <p>Padrão…</p> });
    const { unmount } = render(<Lazy name="Bia" />);
    expect(screen.getByText('Padrão…')).toBeTruthy();
    unmount();
    render(<Lazy name="Bia" fallback={<p>Carregando página…</p>} />);
    expect(screen.getByText('Carregando página…')).toBeTruthy();
    resolve(Greeting);
    expect(await screen.findByText('Olá, Bia')).toBeTruthy();
  });

  it('throws a failed load to the error boundary, and loads again on the next mount', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('chunk')).mockResolvedValue(Greeting);
    const Lazy = preloadable(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { unmount } = render(
      <Boundary>
        <Lazy name="Caio" />
      </Boundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Falhou: chunk');
    unmount();
    render(<Lazy name="Caio" />);
    expect(await screen.findByText('Olá, Caio')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
