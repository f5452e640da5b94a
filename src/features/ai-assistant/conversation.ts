/**
 * The assistant panel's contexts, titles, quick suggestions and conversation (spec §2, §3): what is not React.
 * The conversation is kept for the browser session (sessionStorage), one per context, so a reload or a visit to
 * another page keeps it and closing the browser ends it.
 */
import { z } from 'zod';

export type AssistantContext = 'compras' | 'cotacoes' | 'itens-vitoriosos';

/** Spec §2: the panel's title by context. */
export const PANEL_TITLES: Record<AssistantContext, string> = {
  compras: 'Sofia - Gestão de Compras',
  'itens-vitoriosos': 'Análise de Performance',
  cotacoes: 'Análise de Cotações',
};

/** Quick suggestions fitting each screen's questions (sent whole; shown cut to 25 characters). */
export const SUGGESTIONS: Record<AssistantContext, readonly string[]> = {
  compras: [
    'Quais lotes estão aguardando cotação?',
    'Quem ainda não respondeu?',
    'Quais itens ficaram sem cotação?',
    'Onde paguei mais caro que da última vez?',
  ],
  cotacoes: [
    'Qual a melhor oferta em custo efetivo?',
    'Quais bonificações e substitutos foram oferecidos?',
    'Quem ainda não respondeu?',
    'Quais lotes estão aguardando cotação?',
  ],
  'itens-vitoriosos': [
    'Quem ganhou mais este mês?',
    'Qual foi a economia no mês passado?',
    'Ranking de fornecedores nos últimos 90 dias',
    'Histórico de preço da dipirona',
  ],
};

/** Spec §2: a chip's label is cut to 25 characters with an ellipsis. */
export function chipLabel(text: string): string {
  return text.length > 25 ? `${text.slice(0, 25)}...` : text;
}

/** The longest question the function accepts. */
export const MAX_QUESTION_LENGTH = 500;

/** Spec §3: an AI chat message. */
const messageSchema = z.object({
  id: z.string(),
  type: z.enum(['user', 'ai']),
  content: z.string(),
  timestamp: z.string(),
});

export type ChatMessage = z.infer<typeof messageSchema>;

/** The messages kept per context: the latest ones (older ones drop off). */
export const KEPT_MESSAGES = 100;

function storageKey(context: AssistantContext): string {
  return `ai-chat:${context}`;
}

/** The conversation stored for `context` in this browser session (none when unreadable). */
export function loadConversation(context: AssistantContext): ChatMessage[] {
  try {
    const raw = window.sessionStorage.getItem(storageKey(context));
    if (!raw) return [];
    const parsed = z.array(messageSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Stores the conversation (its latest messages) for the browser session; storage failures are ignored. */
export function saveConversation(context: AssistantContext, messages: readonly ChatMessage[]): void {
  try {
    window.sessionStorage.setItem(storageKey(context), JSON.stringify(messages.slice(-KEPT_MESSAGES)));
  } catch {
    /* storage full or unavailable: the conversation stays in memory */
  }
}

export function newMessage(type: ChatMessage['type'], content: string, now: Date = new Date()): ChatMessage {
  return { id: crypto.randomUUID(), type, content, timestamp: now.toISOString() };
}
