import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AnswerText } from '@/features/ai-assistant/components/answer-text';

const renderAnswer = (text: string) =>
  render(
    <MemoryRouter>
      <AnswerText text={text} />
    </MemoryRouter>,
  );

describe('AnswerText', () => {
  it('renders the answer’s bold, tables and internal links', () => {
    renderAnswer('**2 lotes** estão aguardando:\n\n| Lote | Respostas |\n| --- | --- |\n| [Lote A](/compras?lote=1) | 1 de 2 |\n\n_Dados usados: x._');
    expect(screen.getByText('2 lotes').tagName).toBe('STRONG');
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lote A' }).getAttribute('href')).toBe('/compras?lote=1');
  });
});

describe('AnswerText with text planted in the data', () => {
  it('shows an external or script link as plain text, never as a link', () => {
    const { container } = renderAnswer('[site](https://exemplo.com) [js](javascript:alert(1)) [rede](//exemplo.com/x)');
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toBe('site js rede');
  });

  it('never shows an image or raw HTML', () => {
    const { container } = renderAnswer('![x](/logo.png) <img src="/x.png" onerror="alert(1)"> <b>negrito</b>');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('keeps escaped markup from a name as its characters', () => {
    // As format.ts's escapeText writes a name: every markup character and ':' escaped.
    const { container } = renderAnswer('Lote \\*\\*urgente\\*\\* \\[clique\\]\\(https\\://x\\)');
    expect(container.textContent).toBe('Lote **urgente** [clique](https://x)');
    expect(container.querySelectorAll('a, strong')).toHaveLength(0);
  });
});
