/**
 * Mounts the signed-in app (router, providers, session). Loaded by src/main.tsx for every path except the public
 * signature page (/assinar/:token), which has its own chunk and never loads this module.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadRoute } from '@/app/router';
import '@/index.css';

export function mountApp(element: HTMLElement): void {
  // The first page's code is fetched at once, alongside the session, not after it.
  preloadRoute(window.location.pathname);

  createRoot(element).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
