import { keepPreviousData } from '@tanstack/react-query';
import { codeOf } from '@/lib/errors';

/** A refusal (no permission, a bad period or rate) is the same on a second try. */
const REFUSALS = ['42501', '22023'];

/**
 * What every analysis query shares: the previous figures stay on screen (dimmed, aria-busy) while a
 * filter change loads, and a refusal is not retried.
 */
export const analysisQueryDefaults = {
  placeholderData: keepPreviousData,
  retry: (failures: number, error: unknown) => !REFUSALS.includes(codeOf(error) ?? '') && failures < 1,
  staleTime: 30_000,
} as const;
