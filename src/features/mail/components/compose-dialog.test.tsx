/**
 * The compose dialog checks what the database would refuse before sending (in Portuguese, under each
 * field), refuses attachments by content, sends once with the recipients split by kind, and keeps
 * everything typed when the send fails.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComposeDialog } from '@/features/mail/components/compose-dialog';
import type { SendMailInput } from '@/features/mail/api/send-mail';

const send = vi.hoisted(() => ({ mutate: vi.fn(), isPending: false }));
vi.mock('@/features/mail/api/send-mail', () => ({ useSendMail: () => send }));
vi.mock('@/features/mail/api/search-mail-recipients', () => ({
  useMailRecipientSearch: () => ({
    data: [
      { kind: 'user', id: 'bruno', name: 'Bruno Balconista', detail: 'Unidade Centro' },
      { kind: 'unit', id: 'centro', name: 'Unidade Centro', detail: null },
    ],
    isFetching: false,
    isError: false,
  }),
}));

afterEach(() => {
  cleanup();
  send.mutate.mockReset();
});

function renderDialog(onSent = vi.fn()) {
  const client = new QueryClient();
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <ComposeDialog draft={{ recipients: [], subject: '', replyTo: null }} userId="me" representative={false} onClose={() => undefined} onSent={onSent} />
      ),
    },
  ]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function pickRecipient(name: string) {
  const box = screen.getByRole('combobox');
  fireEvent.click(box);
  fireEvent.mouseDown(screen.getByRole('option', { name: new RegExp(name) }));
}

describe('ComposeDialog', () => {
  it('shows what is missing under each field and sends nothing', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Escolha ao menos um destinatário')).toBeTruthy();
    expect(screen.getByText('Informe o assunto')).toBeTruthy();
    expect(screen.getByText('Escreva a mensagem')).toBeTruthy();
    expect(screen.getByLabelText('Assunto').getAttribute('aria-invalid')).toBe('true');
    expect(send.mutate).not.toHaveBeenCalled();
  });

  it('sends people and units apart, with one request id for retries, and keeps the text when the send fails', async () => {
    const onSent = vi.fn();
    renderDialog(onSent);
    pickRecipient('Bruno Balconista');
    pickRecipient('Unidade Centro');
    expect(screen.getByRole('list', { name: 'Destinatários escolhidos' }).textContent).toContain('Bruno Balconista');
    fireEvent.change(screen.getByLabelText('Assunto'), { target: { value: 'Escala de dezembro' } });
    fireEvent.change(screen.getByLabelText('Mensagem'), { target: { value: 'Segue a escala.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(send.mutate).toHaveBeenCalledTimes(1));
    const [input, callbacks] = send.mutate.mock.calls[0] as [SendMailInput, { onError: (error: unknown) => void }];
    expect(input.values.recipients.map((recipient) => `${recipient.kind}:${recipient.id}`)).toEqual(['user:bruno', 'unit:centro']);
    expect(input.replyTo).toBeNull();
    expect(input.userId).toBe('me');

    callbacks.onError({ code: '22023', message: 'Os destinatários escolhidos não incluem ninguém' });
    expect(await screen.findByText('Os destinatários escolhidos não incluem ninguém')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Assunto').value).toBe('Escala de dezembro');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Mensagem').value).toBe('Segue a escala.');

    // The retry of the same message reuses the request id.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(send.mutate).toHaveBeenCalledTimes(2));
    expect((send.mutate.mock.calls[1] as [SendMailInput])[0].requestId).toBe(input.requestId);
    expect(onSent).not.toHaveBeenCalled();
  });

  it('refuses a file whose content is not an allowed type, and lists the accepted ones', async () => {
    renderDialog();
    const input = document.getElementById('compose-mail-files') as HTMLInputElement;
    const fake = new File(['<html><script>alert(1)</script>'], 'foto.png', { type: 'image/png' });
    const pdf = new File(['%PDF-1.7\n%%EOF'], 'nota.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [fake, pdf] } });
    expect(await screen.findByText(/^foto\.png: O conteúdo do arquivo não é de um PDF/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Arquivos anexados' }).textContent).toContain('nota.pdf');
    expect(screen.getByRole('list', { name: 'Arquivos anexados' }).textContent).not.toContain('foto.png');
  });
});
