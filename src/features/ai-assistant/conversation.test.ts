import { afterEach, describe, expect, it } from 'vitest';
import { chipLabel, KEPT_MESSAGES, loadConversation, newMessage, PANEL_TITLES, saveConversation } from '@/features/ai-assistant/conversation';

afterEach(() => window.sessionStorage.clear());

describe('the assistant panel', () => {
  it('titles the panel by context (spec §2)', () => {
    expect(PANEL_TITLES).toEqual({
      compras: 'Sofia - Gestão de Compras',
      'itens-vitoriosos': 'Análise de Performance',
      cotacoes: 'Análise de Cotações',
    });
  });

  it('cuts a chip label to 25 characters with an ellipsis', () => {
    expect(chipLabel('Quem ainda não respondeu?')).toBe('Quem ainda não respondeu?');
    expect(chipLabel('Quais lotes estão aguardando cotação?')).toBe('Quais lotes estão aguarda...');
  });

  it('keeps each context’s conversation for the browser session, its latest messages only', () => {
    const messages = Array.from({ length: KEPT_MESSAGES + 5 }, (_, i) => newMessage(i % 2 ? 'ai' : 'user', `m${i}`, new Date(Date.UTC(2026, 10, 27, 12, 0, i))));
    saveConversation('compras', messages);
    const loaded = loadConversation('compras');
    expect(loaded).toHaveLength(KEPT_MESSAGES);
    expect(loaded[0]?.content).toBe('m5');
    expect(loaded[0]).toMatchObject({ type: 'ai', timestamp: '2026-11-27T12:00:05.000Z' });
    expect(loadConversation('cotacoes')).toEqual([]);
  });

  it('starts afresh from a stored conversation it cannot read', () => {
    window.sessionStorage.setItem('ai-chat:compras', '{not json');
    expect(loadConversation('compras')).toEqual([]);
    window.sessionStorage.setItem('ai-chat:compras', JSON.stringify([{ id: 1, type: 'robot' }]));
    expect(loadConversation('compras')).toEqual([]);
  });
});
