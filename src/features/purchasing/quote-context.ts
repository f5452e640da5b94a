import { createContext, useContext } from 'react';
import type { ExpectedQuoteItem } from '@/features/purchasing/api/submit-quote';
import type { QuoteItemSaveOutcome } from '@/features/purchasing/api/update-quote-item';
import type { Quote, QuoteItemValues } from '@/features/purchasing/types';

export interface QuoteContextValue {
  quotes: Quote[];
  isLoading: boolean;
  isError: boolean;
  /** Local cache, then server lookup, then get_or_create_quote (spec §4). */
  getOrCreateQuote: (batchId: string) => Promise<Quote | null>;
  /** Spec §8: true or false. */
  updateItem: (quoteId: string, shortageId: string, values: QuoteItemValues) => Promise<boolean>;
  /** The editor's autosave: what the database answered (stored values, a connection failure, or a refusal with what it holds). */
  saveItem: (quote: Pick<Quote, 'id' | 'batchId'>, shortageId: string, values: QuoteItemValues) => Promise<QuoteItemSaveOutcome>;
  /** With `expected` (every item as shown), the database refuses the send unless it holds exactly that. */
  submitQuote: (quoteId: string, expected?: readonly ExpectedQuoteItem[]) => Promise<boolean>;
  deleteQuote: (quoteId: string) => Promise<boolean>;
}

export const QuoteContext = createContext<QuoteContextValue | null>(null);

export function useQuotes(): QuoteContextValue {
  const value = useContext(QuoteContext);
  if (!value) throw new Error('useQuotes must be used within a QuoteProvider');
  return value;
}
