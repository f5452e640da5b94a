import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAccess, RequireAuth } from '@/app/guards';
import { RouteErrorFallback } from '@/app/routes/route-error';
import { ROUTE_ACCESS } from '@/config/permissions';
import { AuthContext, type AuthContextValue, type AuthStatus } from '@/features/auth/auth-context';
import type { SessionUser } from '@/features/auth/types';

const analyst: SessionUser = {
  id: 'u1',
  email: 'analista@farmacia.local',
  name: 'Amanda Analista',
  role: 'ANALISTA',
  roleId: 'r1',
  unitId: null,
  unitName: null,
  permissions: ['VIEW_REPORTS'],
  visibleMenuPaths: [],
};

function renderAt(path: string, status: AuthStatus, routes: RouteObject[], verifyAccount: () => void = () => undefined) {
  const value: AuthContextValue = {
    status,
    user: status === 'signed-in' ? analyst : null,
    isPasswordRecovery: false,
    signOut: async () => undefined,
    reauthenticate: async () => undefined,
    retry: () => undefined,
    verifyAccount,
  };
  const router = createMemoryRouter(
    [
      ...routes,
      { path: '/login', element: <h1>login page</h1> },
      { path: '/unauthorized', element: <h1>unauthorized page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AuthContext.Provider value={value}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

const guarded = (path: keyof typeof ROUTE_ACCESS): RouteObject => ({
  path,
  element: (
    <RequireAuth>
      <RequireAccess rule={ROUTE_ACCESS[path]}>
        <h1>page {path}</h1>
      </RequireAccess>
    </RequireAuth>
  ),
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('route guards', () => {
  it('shows the auth spinner while the session loads', () => {
    renderAt('/ponto/relatorios', 'loading', [guarded('/ponto/relatorios')]);
    expect(screen.getByRole('status').textContent).toContain('Carregando sessão...');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('sends signed-out visitors to /login', async () => {
    const router = renderAt('/ponto/relatorios', 'signed-out', [guarded('/ponto/relatorios')]);
    await screen.findByRole('heading', { name: 'login page' }); // throws when absent
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks Auth about the account at each navigation of a signed-in user (a disabled account ends there)', async () => {
    const verifyAccount = vi.fn();
    const router = renderAt('/ponto/relatorios', 'signed-in', [guarded('/ponto/relatorios'), guarded('/ponto/relatorios-detalhados')], verifyAccount);
    await screen.findByRole('heading', { name: 'page /ponto/relatorios' });
    expect(verifyAccount).toHaveBeenCalledTimes(1);
    await router.navigate('/ponto/relatorios-detalhados');
    await screen.findByRole('heading', { name: 'page /ponto/relatorios-detalhados' });
    expect(verifyAccount).toHaveBeenCalledTimes(2);
  });

  it('does not ask Auth for a signed-out visitor', async () => {
    const verifyAccount = vi.fn();
    renderAt('/ponto/relatorios', 'signed-out', [guarded('/ponto/relatorios')], verifyAccount);
    await screen.findByRole('heading', { name: 'login page' });
    expect(verifyAccount).not.toHaveBeenCalled();
  });

  it('opens /ponto/relatorios to ANALISTA (route reading of spec §6)', async () => {
    renderAt('/ponto/relatorios', 'signed-in', [guarded('/ponto/relatorios')]);
    await screen.findByRole('heading', { name: 'page /ponto/relatorios' }); // throws when absent
  });

  it('sends a user lacking the role to /unauthorized', async () => {
    const router = renderAt('/ponto/admin', 'signed-in', [guarded('/ponto/admin')]);
    await screen.findByRole('heading', { name: 'unauthorized page' }); // throws when absent
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('requires every listed permission on both-required routes (/relatorio-boletos needs MANAGE_BOLETOS too)', async () => {
    renderAt('/relatorio-boletos', 'signed-in', [guarded('/relatorio-boletos')]);
    await screen.findByRole('heading', { name: 'unauthorized page' }); // throws when absent
  });
});

describe('route error fallback', () => {
  it("shows 'Unexpected Application Error!' for an unhandled routing error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('quebrou');
    }
    renderAt('/x', 'signed-in', [{ path: '/x', element: <Broken />, errorElement: <RouteErrorFallback /> }]);
    await screen.findByRole('heading', { name: 'Unexpected Application Error!' }); // throws when absent
    expect(screen.getByText('quebrou').textContent).toBe('quebrou');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Recarregar a página', 'Ir para o início']);
  });
});
