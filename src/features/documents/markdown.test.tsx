import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownView } from '@/features/documents/components/markdown-view';
import { parseInline, parseMarkdown, safeHref } from '@/features/documents/markdown';

afterEach(cleanup);

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, both lists, bold and italic', () => {
    expect(parseMarkdown('## Passos\n\nRetire **já** o *lote*.\nDepois avise.\n\n- um\n- dois\n1. três')).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Passos' }] },
      {
        type: 'paragraph',
        lines: [
          [
            { type: 'text', text: 'Retire ' },
            { type: 'strong', children: [{ type: 'text', text: 'já' }] },
            { type: 'text', text: ' o ' },
            { type: 'em', children: [{ type: 'text', text: 'lote' }] },
            { type: 'text', text: '.' },
          ],
          [{ type: 'text', text: 'Depois avise.' }],
        ],
      },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'um' }], [{ type: 'text', text: 'dois' }]] },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'três' }]] },
    ]);
  });

  it('keeps only https links; others keep their words', () => {
    expect(safeHref('https://anvisa.gov.br/x')).toBe('https://anvisa.gov.br/x');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('http://exemplo.com')).toBeNull();
    expect(safeHref('data:text/html,<b>')).toBeNull();
    expect(parseInline('[clique](javascript:alert(1))')).toEqual([{ type: 'text', text: 'clique' }]);
    expect(parseInline('[norma](https://anvisa.gov.br)')).toEqual([{ type: 'link', href: 'https://anvisa.gov.br/', children: [{ type: 'text', text: 'norma' }] }]);
    expect(parseInline('2 * 3 * 4')).toEqual([{ type: 'text', text: '2 * 3 * 4' }]);
  });
});

describe('MarkdownView', () => {
  it('shows raw HTML as the characters typed, never as elements', () => {
    const { container } = render(<MarkdownView source={'<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> **ok**'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(screen.getByText('ok').tagName).toBe('STRONG');
  });

  it('opens https links in a new tab without handing over the page, and drops javascript: links', () => {
    const { container } = render(<MarkdownView source={'Veja [a norma](https://anvisa.gov.br/rdc) e [isto](javascript:alert(1)).'} />);
    const link = screen.getByRole('link', { name: 'a norma' });
    expect(link.getAttribute('href')).toBe('https://anvisa.gov.br/rdc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.textContent).toContain('isto');
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('renders lists and headings as their elements', () => {
    const { container } = render(<MarkdownView source={'## Título\n\n1. um\n2. dois\n\n- a'} />);
    expect(container.querySelector('h3')?.textContent).toBe('Título');
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(container.querySelectorAll('ul li')).toHaveLength(1);
  });
});
