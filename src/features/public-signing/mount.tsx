/**
 * The signature page's own entry (loaded by src/main.tsx on /assinar/…): React and this feature only — no router, no
 * supabase-js, no react-query, no app providers. scripts/report-bundle.ts holds what it loads to 120 KB gzipped.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SigningPage } from '@/features/public-signing/components/signing-page';
import { tokenFromPath } from '@/features/public-signing/logic';
import { signingMessages } from '@/features/public-signing/messages';
import '@/index.css';

/** Light or dark as the phone is set (prefers-color-scheme), following it if it changes; the app's theme toggle is not here. */
function followSystemColorScheme(): void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => document.documentElement.classList.toggle('dark', query.matches);
  apply();
  query.addEventListener('change', apply);
}

export function mountSigningPage(element: HTMLElement, pathname: string): void {
  document.title = signingMessages.pageTitle;
  followSystemColorScheme();
  createRoot(element).render(
    <StrictMode>
      <SigningPage token={tokenFromPath(pathname)} />
    </StrictMode>,
  );
}
