import Cross from 'lucide-react/icons/cross';
import type { ReactNode } from 'react';
import { signingMessages } from '@/features/public-signing/messages';

/** The page's frame: the chain's mark and the title, then the content, one narrow column (phones first). */
export function PageShell({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="min-h-svh bg-background text-foreground">
      <main className="mx-auto grid w-full max-w-2xl gap-4 px-3 py-5 sm:gap-6 sm:px-6 sm:py-10" aria-busy={busy || undefined}>
        <header className="flex items-center gap-3 px-1">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Cross aria-hidden="true" className="size-5" />
          </span>
          <div className="grid leading-tight">
            <span className="text-xs font-medium text-muted-foreground">Farmácia</span>
            <h1 className="text-lg font-semibold sm:text-xl">{signingMessages.pageTitle}</h1>
          </div>
        </header>
        {children}
      </main>
    </div>
  );
}

/** A titled block of the page. */
export function Section({ title, children, labelledBy }: { title?: string; children: ReactNode; labelledBy?: string }) {
  return (
    <section className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6" aria-labelledby={labelledBy}>
      {title ? (
        <h2 id={labelledBy} className="text-base font-semibold">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
