import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { ToastViewportShell } from '@/components/ui/toast-viewport-shell';
import { toast } from '@/components/ui/use-toast';

afterEach(cleanup);

const viewportList = () => screen.getByRole('region', { name: 'Notificações (F8)' }).querySelector('ol');

describe('toast viewport', () => {
  it('is a region with the F8 hotkey before Radix has loaded (the shell)', () => {
    render(<ToastViewportShell />);
    const list = viewportList();
    expect(list).not.toBeNull();
    expect(document.activeElement).not.toBe(list);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(list);
  });

  it('has the same region, list and hotkey once Radix renders it', () => {
    const shell = render(<ToastViewportShell />);
    const shellList = viewportList();
    const shellMarkup = { className: shellList?.className, tabIndex: shellList?.tabIndex };
    shell.unmount();

    render(<Toaster />);
    const list = viewportList();
    expect({ className: list?.className, tabIndex: list?.tabIndex }).toEqual(shellMarkup);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(list);
  });

  it('hands the focus over when Radix replaces the focused shell', () => {
    const view = render(<ToastViewportShell />);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(viewportList());
    view.rerender(<Toaster />);
    expect(document.activeElement).toBe(viewportList());
  });

  it('ignores other keys', () => {
    render(<ToastViewportShell />);
    fireEvent.keyDown(document, { key: 'F7', code: 'F7' });
    expect(document.activeElement).not.toBe(viewportList());
  });

  it('shows raised toasts inside the region', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Unidade atualizada' });
    });
    expect(screen.getByRole('region', { name: 'Notificações (F8)' }).textContent).toContain('Unidade atualizada');
  });
});
