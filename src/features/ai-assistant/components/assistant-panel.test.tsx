import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

// The edge function is exercised for real by the integration and Playwright tests; here only the panel's behaviour.
const asked: string[] = [];
vi.mock('@/features/ai-assistant/api/ask-assistant', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return {
    useAskAssistant: () =>
      useMutation({
        mutationFn: async (message: string) => {
          asked.push(message);
          return '**ok** [Lote](/compras?lote=1)';
        },
      }),
  };
});

const { default: AssistantPanel } = await import('@/features/ai-assistant/components/assistant-panel');

describe('AssistantPanel', () => {
  it('sends a typed question with Enter, ignores a blank one, and renders the answer without errors', async () => {
    const errors = vi.spyOn(console, 'error');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AssistantPanel context="compras" onClose={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText('Sua pergunta'), '   {Enter}');
    expect(asked).toEqual([]);
    await userEvent.type(screen.getByLabelText('Sua pergunta'), 'quem ganhou mais?{Enter}');
    expect(await screen.findByRole('link', { name: 'Lote' })).toBeTruthy();
    expect(asked).toEqual(['quem ganhou mais?']);
    expect(screen.getByLabelText('Sua pergunta')).toHaveProperty('value', '');
    expect(errors.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
  });
});
