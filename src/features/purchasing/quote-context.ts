import { createContext, useContext } from 'react';
import type { Quote, QuoteItemValues } from '@/features/purchasing/types';

export interface QuoteContextValue {
  quotes: Quote[];
  isLoading: boolean;
  isError: boolean;
  /** Local cache, then server lookup, then get_or_create_quote (spec §4). */
  getOrCreateQuote: (batchId: string) => Promise<Quote | null>;
  updateItem: (quoteId: string, shortageId: string, values: QuoteItemValues) => Promise<boolean>;
  submitQuote: (quoteId: string) => Promise<boolean>;
  deleteQuote: (quoteId: string) => Promise<boolean>;
}

export const QuoteContext = createContext<QuoteContextValue | null>(null);

export function useQuotes(): QuoteContextValue {
  const value = useContext(QuoteContext);
  if (!value) throw new Error('useQuotes must be used within a QuoteProvider');
  return value;
}
