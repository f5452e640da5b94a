/**
 * Every route of spec §2, each page lazily loaded, guarded by the rules of spec §6 (config/permissions.ts).
 */
import type { Session } from '@supabase/supabase-js';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '@/components/layouts/full-page-spinner';
import { PageLoading } from '@/components/layouts/page-loading';
import { paths } from '@/config/paths';
import { ROUTE_ACCESS, type GuardedPath } from '@/config/permissions';
import { RequireAccess, RequireAuth, SignedInOr } from '@/app/guards';
import { RootRoute } from '@/app/routes/root';
import { RouteErrorFallback } from '@/app/routes/route-error';
import { preloadable, type Preloadable } from '@/lib/preloadable';
import type { AnalysisScreen } from '@/features/analytics/first-queries';
import { sessionUserQueryOptions } from '@/features/auth/api/get-session-user';
import { getSession, isSignedOutForSure } from '@/features/auth/api/session';

type PageModule = { default: ComponentType };

/** A page whose code is loaded on first render, or earlier with preload() (see preloadRoute). */
type Page = Preloadable<object>;

/**
 * Starts the first queries of a page into the app's cache, from its URL (the path's search), once `session` says
 * one exists (nothing is asked for a visitor). Each loads its own small module, not the page's code, and starts
 * loading it at once.
 */
type PrefetchData = (queryClient: QueryClient, search: string, session: Promise<Session | null>) => Promise<unknown>;

/**
 * What a route needs loaded before it can render (its page, and the signed-in frame for those inside it), and the
 * data its page asks for first.
 */
interface RouteHandle {
  preload: () => Promise<unknown>;
  prefetch?: PrefetchData;
}

/** A page's chunk (src/lib/preloadable: shown as soon as its code is here, without React's Suspense throttle). */
function page(load: () => Promise<PageModule>): Page {
  return preloadable(() => load().then((module) => module.default));
}

/** A public page, with the full-page spinner while its code loads. */
function publicRoute(path: string, Page: Page): RouteObject {
  return {
    path,
    handle: { preload: Page.preload } satisfies RouteHandle,
    element: (
      <Suspense fallback={<FullPageSpinner label="Carregando página..." />}>
        <Page fallback={<FullPageSpinner label="Carregando página..." />} />
      </Suspense>
    ),
  };
}

/** A page inside the signed-in layout, guarded by its access rule. */
function guardedRoute(path: GuardedPath, Page: Page): RouteObject {
  const prefetch = guardedPrefetch[path];
  return {
    path,
    handle: { preload: Page.preload, ...(prefetch ? { prefetch } : {}) } satisfies RouteHandle,
    element: (
      <RequireAccess rule={ROUTE_ACCESS[path]}>
        <Suspense fallback={<PageLoading />}>
          <Page fallback={<PageLoading />} />
        </Suspense>
      </RequireAccess>
    ),
  };
}

// The signed-in frame (sidebar, dialogs, tooltips) is its own chunk, so the login page does not load it.
const AppRoot = page(() => import('@/app/routes/app-root').then((module) => ({ default: module.AppRoot })));

const Login = page(() => import('@/app/routes/auth/login'));
const Register = page(() => import('@/app/routes/auth/register'));
const ResetPassword = page(() => import('@/app/routes/auth/reset-password'));
const RecoverPassword = page(() => import('@/app/routes/auth/recover-password'));
const ChangePassword = page(() => import('@/app/routes/auth/change-password'));
const PublicChangePassword = page(() => import('@/app/routes/auth/change-password-public'));
const Unauthorized = page(() => import('@/app/routes/unauthorized'));
const NotFound = page(() => import('@/app/routes/not-found'));

const guardedPages: Record<GuardedPath, Page> = {
  [paths.home]: page(() => import('@/app/routes/home')),
  [paths.changePassword]: ChangePassword,
  [paths.authChangePassword]: ChangePassword,
  [paths.documents]: page(() => import('@/app/routes/documents')),
  [paths.processFlow]: page(() => import('@/app/routes/process-flow')),
  [paths.mail]: page(() => import('@/app/routes/mail')),
  [paths.punchClock]: page(() => import('@/app/routes/punch-clock')),
  [paths.myPunches]: page(() => import('@/app/routes/my-punches')),
  [paths.dashboard]: page(() => import('@/app/routes/dashboard')),
  [paths.shortages]: page(() => import('@/app/routes/shortages')),
  [paths.importHistory]: page(() => import('@/app/routes/import-history')),
  [paths.products]: page(() => import('@/app/routes/products')),
  [paths.boletos]: page(() => import('@/app/routes/boletos')),
  [paths.shipments]: page(() => import('@/app/routes/shipments')),
  [paths.newShipment]: page(() => import('@/app/routes/new-shipment')),
  [paths.editShipment]: page(() => import('@/app/routes/edit-shipment')),
  [paths.shipmentSignatures]: page(() => import('@/app/routes/shipment-signatures')),
  [paths.purchases]: page(() => import('@/app/routes/purchases')),
  [paths.quotes]: page(() => import('@/app/routes/quotes')),
  [paths.winningItems]: page(() => import('@/app/routes/winning-items')),
  [paths.quoteAnalysis]: page(() => import('@/app/routes/quote-analysis')),
  [paths.shortageAnalysis]: page(() => import('@/app/routes/shortage-analysis')),
  [paths.purchaseDaysAnalysis]: page(() => import('@/app/routes/purchase-days-analysis')),
  [paths.boletoReport]: page(() => import('@/app/routes/boleto-report')),
  [paths.purchaseReport]: page(() => import('@/app/routes/purchase-report')),
  [paths.users]: page(() => import('@/app/routes/users')),
  [paths.punchAdmin]: page(() => import('@/app/routes/punch-admin')),
  [paths.punchComputers]: page(() => import('@/app/routes/punch-computers')),
  [paths.scheduleManagement]: page(() => import('@/app/routes/schedule-management')),
  [paths.punchReports]: page(() => import('@/app/routes/punch-reports')),
  [paths.punchDashboard]: page(() => import('@/app/routes/punch-dashboard')),
  [paths.punchDetailedReports]: page(() => import('@/app/routes/punch-detailed-reports')),
};

/**
 * A page's first queries from a module loaded alongside the session: `ask` runs once both are here, and only with a
 * session (signed out, the guard redirects and nothing is asked for).
 */
function afterSession<M>(load: () => Promise<M>, ask: (module: M, queryClient: QueryClient, search: string, session: Session) => Promise<unknown>): PrefetchData {
  return (queryClient, search, session) =>
    Promise.all([load(), session]).then(([module, current]) => (current ? ask(module, queryClient, search, current) : undefined));
}

/** An analysis screen's first queries (src/features/analytics/first-queries.ts). */
function analysisData(screen: AnalysisScreen): PrefetchData {
  return afterSession(
    () => import('@/features/analytics/first-queries'),
    (module, queryClient, search) => module.prefetchAnalysisScreen(screen, queryClient, search),
  );
}

/**
 * Pages whose first answer is asked for on a reload as soon as the session is known, while the user's profile and
 * permissions and the page's code load (issues 28 and 30: the home, the analyses, the catalogue, a batch, the boletos
 * report). The database authorizes each call: a user who may not open the page gets a refusal the page never shows, as
 * it redirects to /unauthorized.
 */
const guardedPrefetch: Partial<Record<GuardedPath, PrefetchData>> = {
  // The home's cards (src/app/home-first-queries.ts): the first screen of every sign-in and of most reloads.
  [paths.home]: afterSession(
    () => import('@/app/home-first-queries'),
    (module, queryClient, _search, session) => module.prefetchHome(queryClient, session),
  ),
  // The catalogue (every product, in pages read side by side, or the copy this browser kept at the last visit, which
  // the entry already started reading: src/app/early-reads.ts).
  [paths.products]: afterSession(
    () => import('@/features/products/api/get-products'),
    (module, queryClient) => queryClient.prefetchQuery(module.productsQueryOptions()),
  ),
  // A batch and its comparison (src/features/purchasing/first-queries.ts): links to a batch are shared and reopened.
  [paths.purchases]: afterSession(
    () => import('@/features/purchasing/first-queries'),
    (module, queryClient, search) => module.prefetchPurchases(queryClient, search),
  ),
  // The payables report and its chart's code (src/features/boleto-report/first-queries.ts), filters from the URL.
  [paths.boletoReport]: afterSession(
    () => import('@/features/boleto-report/first-queries'),
    (module, queryClient, search) => module.prefetchBoletoReport(queryClient, search),
  ),
  [paths.quoteAnalysis]: analysisData('quote-analysis'),
  [paths.shortageAnalysis]: analysisData('shortage-analysis'),
  [paths.purchaseDaysAnalysis]: analysisData('purchase-days'),
  [paths.purchaseReport]: analysisData('purchase-report'),
};

const changePasswordPaths: GuardedPath[] = [paths.changePassword, paths.authChangePassword];
const signedInOnlyPaths = (Object.keys(guardedPages) as GuardedPath[]).filter((path) => !changePasswordPaths.includes(path));

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorFallback />,
    children: [
      publicRoute(paths.login, Login),
      publicRoute(paths.authLogin, Login),
      publicRoute(paths.register, Register),
      publicRoute(paths.resetPassword, ResetPassword),
      publicRoute(paths.authResetPassword, RecoverPassword),
      publicRoute(paths.unauthorized, Unauthorized),
      {
        handle: { preload: AppRoot.preload } satisfies RouteHandle,
        element: (
          <RequireAuth>
            <Suspense fallback={<FullPageSpinner label="Carregando página..." />}>
              <AppRoot fallback={<FullPageSpinner label="Carregando página..." />} />
            </Suspense>
          </RequireAuth>
        ),
        children: signedInOnlyPaths.map((path) => guardedRoute(path, guardedPages[path])),
      },
      {
        // Public (spec §2): signed out, its own page; signed in, the same page inside the app frame.
        handle: { preload: AppRoot.preload } satisfies RouteHandle,
        element: (
          <SignedInOr
            signedOut={
              <Suspense fallback={<FullPageSpinner label="Carregando página..." />}>
                <PublicChangePassword fallback={<FullPageSpinner label="Carregando página..." />} />
              </Suspense>
            }
          >
            <Suspense fallback={<FullPageSpinner label="Carregando página..." />}>
              <AppRoot fallback={<FullPageSpinner label="Carregando página..." />} />
            </Suspense>
          </SignedInOr>
        ),
        children: changePasswordPaths.map((path) => guardedRoute(path, guardedPages[path])),
      },
      publicRoute('*', NotFound),
    ],
  },
];

/**
 * Starts loading the code of every route that the URL matches (the page, and the signed-in frame around it), so it
 * downloads while the session and the user's profile load instead of after them, one chunk after the other; and,
 * once a session is known, the page's first data. The data's module is asked for first: it is small, and the page's
 * code is many files on few connections.
 */
export function preloadRoute({ pathname, search }: { pathname: string; search: string }, queryClient: QueryClient): void {
  const handles = (matchRoutes(routes, pathname) ?? []).flatMap((match) => (match.route.handle ? [match.route.handle as RouteHandle] : []));
  // A stored session: the user's profile, permissions and menu (what every guard waits for) are asked for now, into
  // the cache the auth provider reads, instead of after React's first render subscribes to auth events.
  // Signed out for sure (nothing stored): nothing to ask, and supabase-js is not loaded for it.
  const session = isSignedOutForSure()
    ? Promise.resolve(null)
    : getSession().then(
        ({ data }) => data.session,
        () => null,
      );
  void session.then((current) => (current ? queryClient.prefetchQuery(sessionUserQueryOptions(current.user)) : undefined));
  for (const { prefetch } of handles) if (prefetch) void prefetch(queryClient, search, session).catch(() => undefined);
  for (const { preload } of handles) void preload().catch(() => undefined);
}

export const router = createBrowserRouter(routes);
