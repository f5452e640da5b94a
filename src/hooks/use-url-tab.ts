import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

const NO_PARAMETERS: readonly string[] = [];

/**
 * The open tab of a page with tabs, kept in the URL as `?aba=` so a link or a reload lands on it: the one way
 * every tabbed page reads and switches its tab. An unknown or missing `aba` opens `fallback`, which is left out
 * of the URL. Switching tabs drops the other tabs' parameters, except those named in `keep` (the page's own,
 * such as the batch of /compras), and replaces the history entry (the back button leaves the page, not the tab).
 */
export function useUrlTab<T extends string>(tabs: readonly T[], fallback: T, keep: readonly string[] = NO_PARAMETERS): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('aba');
  const tab = tabs.find((candidate) => candidate === requested) ?? fallback;
  const select = useCallback(
    (next: string) => {
      const known = tabs.find((candidate) => candidate === next);
      // Clicking the open tab changes nothing (its own parameters stay).
      if (known === undefined || known === tab) return;
      setParams(
        (current) => {
          const kept = new URLSearchParams();
          for (const name of keep) {
            const value = current.get(name);
            if (value !== null) kept.set(name, value);
          }
          if (known !== fallback) kept.set('aba', known);
          return kept;
        },
        { replace: true },
      );
    },
    [tabs, fallback, keep, tab, setParams],
  );
  return [tab, select];
}
