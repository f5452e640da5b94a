/**
 * The assistant's panel (spec §2): title by context, quick-suggestion chips, the conversation and an input where
 * Enter sends. Blank messages and sends while an answer is awaited are ignored; 'Sophia está analisando...' shows
 * while waiting. A failure shows §8's toast and puts the question back in the input. Loaded on the first open (it
 * carries the Markdown renderer), so the three pages do not download it until asked.
 */
import { Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useAskAssistant } from '@/features/ai-assistant/api/ask-assistant';
import { AnswerText } from '@/features/ai-assistant/components/answer-text';
import {
  chipLabel,
  loadConversation,
  MAX_QUESTION_LENGTH,
  newMessage,
  PANEL_TITLES,
  saveConversation,
  SUGGESTIONS,
  type AssistantContext,
  type ChatMessage,
} from '@/features/ai-assistant/conversation';
import { assistantMessages as m } from '@/features/ai-assistant/messages';

export default function AssistantPanel({ context, onClose }: { context: AssistantContext; onClose: () => void }) {
  const titleId = useId();
  const [messages, setMessages] = useState<ChatMessage[]>(() => loadConversation(context));
  const [text, setText] = useState('');
  const ask = useAskAssistant(context);
  const inputRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  useEffect(() => {
    saveConversation(context, messages);
  }, [context, messages]);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, ask.isPending]);

  const send = (question: string) => {
    const message = question.trim();
    // Spec §2: a blank message, or a send while an answer is awaited, is ignored.
    if (message === '' || ask.isPending) return;
    const asked = newMessage('user', message);
    setMessages((list) => [...list, asked]);
    setText('');
    ask.mutateAsync(message).then(
      (response) => setMessages((list) => [...list, newMessage('ai', response)]),
      () => {
        // The question goes back to the input, unsent, with §8's toast.
        setMessages((list) => list.filter((item) => item.id !== asked.id));
        setText((current) => (current === '' ? message : current));
        toast({ title: m.errorTitle, description: m.errorDescription, variant: 'destructive' });
        inputRef.current?.focus();
      },
    );
  };

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      className="flex h-[min(36rem,calc(100dvh-6rem))] w-[min(26rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-background shadow-2xl"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <header className="flex items-center justify-between gap-2 border-b bg-primary px-4 py-3 text-primary-foreground">
        <h2 id={titleId} className="text-sm font-semibold">
          {PANEL_TITLES[context]}
        </h2>
        <Button type="button" variant="ghost" size="icon" className="size-7 text-primary-foreground hover:bg-primary-foreground/15" aria-label={m.close} onClick={onClose}>
          <X className="size-4" aria-hidden />
        </Button>
      </header>

      <div role="log" aria-label="Conversa" aria-live="polite" className="flex-1 space-y-3 overflow-y-auto px-4 py-3">
        {messages.length === 0 && <p className="text-sm text-muted-foreground">{m.empty}</p>}
        {messages.map((message) =>
          message.type === 'user' ? (
            <div key={message.id} className="ml-8 rounded-lg bg-primary px-3 py-2 text-sm text-primary-foreground" data-message="user">
              <span className="sr-only">{m.you}: </span>
              {message.content}
            </div>
          ) : (
            <div key={message.id} className="mr-2 rounded-lg bg-muted px-3 py-2" data-message="ai">
              <span className="sr-only">{m.assistant}: </span>
              <AnswerText text={message.content} />
            </div>
          ),
        )}
        {ask.isPending && (
          <p role="status" className="text-sm text-muted-foreground italic">
            {m.waiting}
          </p>
        )}
        <div ref={endRef} />
      </div>

      <div className="border-t px-3 pt-2 pb-3">
        <ul aria-label={m.suggestions} className="mb-2 flex gap-1.5 overflow-x-auto pb-1">
          {SUGGESTIONS[context].map((suggestion) => (
            <li key={suggestion}>
              <button
                type="button"
                title={suggestion}
                className="shrink-0 rounded-full border bg-background px-2.5 py-1 text-xs whitespace-nowrap hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                onClick={() => send(suggestion)}
              >
                {chipLabel(suggestion)}
              </button>
            </li>
          ))}
        </ul>
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            send(text);
          }}
        >
          <Input
            ref={inputRef}
            value={text}
            maxLength={MAX_QUESTION_LENGTH}
            aria-label={m.inputLabel}
            placeholder={m.placeholder}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" size="icon" aria-label={m.send} aria-disabled={ask.isPending || text.trim() === ''}>
            <Send className="size-4" aria-hidden />
          </Button>
        </form>
      </div>
    </section>
  );
}
