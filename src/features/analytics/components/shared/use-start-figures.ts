import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { prefetchAnalysisScreen, type AnalysisScreen } from '@/features/analytics/first-queries';

/**
 * useAnalysisParams' `startFigures` for `screen`: starts the screen's figures for a URL just written, with the query
 * keys the screen reads (first-queries.ts), so a filter change's request leaves at the click.
 */
export function useStartFigures(screen: AnalysisScreen): (search: string) => void {
  const queryClient = useQueryClient();
  return useCallback((search: string) => void prefetchAnalysisScreen(screen, queryClient, search), [screen, queryClient]);
}
