import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { HOME_ACTIONS, MENU_SECTIONS, ROLES, ROUTE_ACCESS, type GuardedPath, type Role } from '@/config/permissions';
import { canAccessRoute, hasAccess, isMenuPathVisible, permittedHomeActions, resolveRole, visibleHomeActions, visibleMenu } from '@/lib/permissions';

/** The seeded role → permission mapping (README / organisation contract). */
const SEEDED: Record<Role, string[]> = {
  ADMIN: [],
  BALCONISTA: ['CREATE_SHORTAGES', 'MANAGE_PRODUCTS', 'MANAGE_BOLETOS', 'MANAGE_REMESSA', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN'],
  BALCONISTA_II: ['CREATE_SHORTAGES', 'MANAGE_PRODUCTS', 'MANAGE_REMESSA', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN'],
  FARMACEUTICO: ['CREATE_SHORTAGES', 'MANAGE_PRODUCTS', 'MANAGE_REMESSA', 'MANAGE_DOCUMENTS', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN'],
  ADMIN_COMPRAS: ['MANAGE_ORDERS', 'VIEW_REPORTS', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN'],
  REPRESENTANTE: ['MANAGE_QUOTES', 'VIEW_REPORTS'],
  ANALISTA: [
    'CREATE_SHORTAGES',
    'VIEW_REPORTS',
    'MANAGE_BOLETOS',
    'MANAGE_ORDERS',
    'MANAGE_REMESSA',
    'PUNCH_CLOCK_ACCESS',
    'PUNCH_VIEW_OWN',
    'PUNCH_VIEW_ALL',
  ],
};

const subject = (role: Role, permissions: string[] = SEEDED[role]) => ({ role, permissions });

/** Spec §2/§6: open to any signed-in user (the signed-in reading of /change-password included). */
const ANY_USER_PATHS: GuardedPath[] = [
  '/',
  '/documentos',
  '/fluxo-processo',
  '/correio',
  '/ponto',
  '/meu-ponto',
  '/change-password',
  '/auth/change-password',
];

/**
 * Spec §6 route table evaluated with the seeded permissions: who gets in. Written out by hand (literal
 * paths, literal roles) so that a slip in ROUTE_ACCESS or in `paths` fails here.
 */
const EXPECTED_ROUTE_ROLES: Partial<Record<GuardedPath, Role[]>> = {
  '/dashboard': ['ADMIN', 'REPRESENTANTE'],
  '/lancamento': ['ADMIN', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ANALISTA'],
  '/historico-importacoes': ['ADMIN', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ANALISTA'],
  // ANALISTA is a listed role but lacks MANAGE_PRODUCTS: both are required.
  '/produtos': ['ADMIN', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO'],
  '/boletos': ['ADMIN', 'BALCONISTA', 'ANALISTA'],
  '/remessas': ['ADMIN', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ANALISTA'],
  '/nova-remessa': ['ADMIN', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ANALISTA'],
  '/editar-remessa/:id': ['ADMIN', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ANALISTA'],
  '/assinatura-remessas': ['ADMIN', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ANALISTA'],
  '/compras': ['ADMIN', 'ADMIN_COMPRAS'],
  '/cotacoes': ['ADMIN', 'REPRESENTANTE'],
  '/itens-vitoriosos': ['ADMIN', 'REPRESENTANTE'],
  '/analise-cotacoes': ['ADMIN', 'ADMIN_COMPRAS', 'REPRESENTANTE', 'ANALISTA'],
  '/analise-faltas': ['ADMIN', 'ANALISTA'],
  '/analise-dias-compras': ['ADMIN', 'ADMIN_COMPRAS', 'ANALISTA'],
  '/relatorio-boletos': ['ADMIN', 'ANALISTA'],
  '/relatorio-compras': ['ADMIN', 'ADMIN_COMPRAS', 'ANALISTA'],
  '/usuarios': ['ADMIN'],
  '/ponto/admin': ['ADMIN'],
  '/ponto/computadores': ['ADMIN'],
  '/gestao-horarios': ['ADMIN'],
  '/ponto/relatorios': ['ADMIN', 'ANALISTA'],
  '/ponto/dashboard': ['ADMIN', 'ANALISTA'],
  '/ponto/relatorios-detalhados': ['ADMIN', 'ANALISTA'],
};

describe('route access (spec §6 × seeded permissions)', () => {
  it('covers every guarded route of ROUTE_ACCESS exactly once, and nothing else', () => {
    const tested = [...ANY_USER_PATHS, ...Object.keys(EXPECTED_ROUTE_ROLES)];
    expect(new Set(tested).size).toBe(tested.length);
    expect(tested.sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
  });
  for (const path of ANY_USER_PATHS) {
    it.each(ROLES)(`${path} is open to %s`, (role) => {
      expect(canAccessRoute(subject(role), ROUTE_ACCESS[path])).toBe(true);
      expect(canAccessRoute({ role, permissions: [] }, ROUTE_ACCESS[path])).toBe(true);
    });
  }
  for (const [path, allowed] of Object.entries(EXPECTED_ROUTE_ROLES) as [GuardedPath, Role[]][]) {
    it.each(ROLES)(`${path} for %s`, (role) => {
      expect(canAccessRoute(subject(role), ROUTE_ACCESS[path])).toBe(allowed.includes(role));
    });
  }
});

describe('the general check', () => {
  it('lets ADMIN through any rule, even without permissions', () => {
    expect(hasAccess({ role: 'ADMIN', permissions: [] }, { roles: ['ANALISTA'], permissions: ['MANAGE_USERS'] })).toBe(true);
    expect(canAccessRoute({ role: 'ADMIN', permissions: [] }, ROUTE_ACCESS[paths.users])).toBe(true);
  });
  it('opens /usuarios to a user manager who is not an administrator (issue 21: the database limits what they change)', () => {
    expect(canAccessRoute({ role: 'BALCONISTA', permissions: ['MANAGE_USERS'] }, ROUTE_ACCESS[paths.users])).toBe(true);
    expect(canAccessRoute({ role: 'ANALISTA', permissions: ['VIEW_REPORTS'] }, ROUTE_ACCESS[paths.users])).toBe(false);
  });
  it('passes an empty requirement', () => {
    expect(hasAccess({ role: 'REPRESENTANTE', permissions: [] }, { roles: [], permissions: [] })).toBe(true);
  });
  it('passes with a listed role OR one held permission', () => {
    const rule = { roles: ['ANALISTA'], permissions: ['MANAGE_USERS', 'VIEW_REPORTS'] } as const;
    expect(hasAccess({ role: 'ANALISTA', permissions: [] }, rule)).toBe(true);
    expect(hasAccess({ role: 'BALCONISTA', permissions: ['VIEW_REPORTS'] }, rule)).toBe(true);
    expect(hasAccess({ role: 'BALCONISTA', permissions: ['MANAGE_PRODUCTS'] }, rule)).toBe(false);
  });
  it('requires a listed role AND every permission for routes listing both', () => {
    const rule = ROUTE_ACCESS[paths.winningItems];
    expect(canAccessRoute({ role: 'REPRESENTANTE', permissions: ['MANAGE_QUOTES'] }, rule)).toBe(false);
    expect(canAccessRoute({ role: 'REPRESENTANTE', permissions: ['MANAGE_QUOTES', 'VIEW_REPORTS'] }, rule)).toBe(true);
    expect(canAccessRoute({ role: 'ANALISTA', permissions: ['MANAGE_QUOTES', 'VIEW_REPORTS'] }, rule)).toBe(false);
  });
  it('compares permission names case-insensitively and normalised', () => {
    const rule = ROUTE_ACCESS[paths.quotes];
    expect(canAccessRoute({ role: 'REPRESENTANTE', permissions: ['manage_quotes'] }, rule)).toBe(true);
    expect(canAccessRoute({ role: 'REPRESENTANTE', permissions: ['Manage Quotes'] }, rule)).toBe(true);
    expect(hasAccess({ role: 'BALCONISTA', permissions: ['admin-access'] }, { roles: ['ADMIN'], permissions: ['ADMIN_ACCESS'] })).toBe(true);
  });
});

describe('role resolution', () => {
  it.each([
    [{ name: 'Qualquer', is_admin: true }, 'ADMIN'],
    [{ name: 'analista', is_admin: false }, 'ANALISTA'],
    [{ name: 'Balconista_II', is_admin: null }, 'BALCONISTA_II'],
    [{ name: 'ADMIN_COMPRAS', is_admin: false }, 'ADMIN_COMPRAS'],
    [{ name: 'admin_compras', is_admin: false }, 'ADMIN_COMPRAS'],
    [{ name: 'representante', is_admin: null }, 'REPRESENTANTE'],
    [{ name: 'Admin', is_admin: false }, 'ADMIN'],
    // Uppercased only, as private.current_role_name() does: no folding of spaces or hyphens, no trimming.
    [{ name: 'Admin Compras', is_admin: false }, 'BALCONISTA'],
    [{ name: 'balconista-ii', is_admin: false }, 'BALCONISTA'],
    [{ name: ' analista', is_admin: false }, 'BALCONISTA'],
    [{ name: 'ANALISTA ', is_admin: false }, 'BALCONISTA'],
    [{ name: 'GERENTE', is_admin: false }, 'BALCONISTA'],
    [{ name: '', is_admin: false }, 'BALCONISTA'],
    [{ name: null, is_admin: false }, 'BALCONISTA'],
    [null, 'BALCONISTA'],
  ] as const)('%o → %s', (customRole, expected) => {
    expect(resolveRole(customRole)).toBe(expected);
  });
});

describe('menu', () => {
  const REPRESENTANTE_PATHS = ['/', '/dashboard', '/cotacoes', '/itens-vitoriosos', '/analise-cotacoes', '/documentos', '/correio'];
  const labels = (role: Role, visiblePaths: string[] = []) =>
    visibleMenu(subject(role), visiblePaths).flatMap((section) => section.items.map((item) => item.label));

  it('shows every item to ADMIN, whatever the configured paths', () => {
    const all = MENU_SECTIONS.flatMap((section) => section.items.map((item) => item.label));
    expect(labels('ADMIN', ['/'])).toEqual(all);
  });
  it('keeps Relatórios de Ponto out of the ANALISTA menu though the route admits ANALISTA (both readings)', () => {
    expect(labels('ANALISTA')).not.toContain('Relatórios de Ponto');
    expect(canAccessRoute(subject('ANALISTA'), ROUTE_ACCESS[paths.punchReports])).toBe(true);
    expect(labels('ANALISTA')).toContain('Dashboard Ponto');
  });
  it('filters by the role visible paths (REPRESENTANTE hides /ponto and /meu-ponto)', () => {
    expect(labels('REPRESENTANTE', REPRESENTANTE_PATHS)).toEqual([
      'Início',
      'Documentos',
      'Correio',
      'Cotações',
      'Itens Vitoriosos',
      'Análise de Cotações Avançada',
    ]);
    expect(labels('REPRESENTANTE')).toContain('Registrar Ponto');
  });
  it('gives BALCONISTA the operations it holds and no purchasing or admin items', () => {
    expect(labels('BALCONISTA')).toEqual([
      'Início',
      'Documentos',
      'Correio',
      'Fluxo de Processos',
      'Lançar Falta',
      'Cadastrar Produto',
      'Lançar Boleto',
      'Histórico de Importações',
      'Remessas',
      'Assinatura de Remessas',
      'Registrar Ponto',
      'Meu Ponto',
    ]);
  });
  it('drops empty sections', () => {
    const titles = visibleMenu(subject('ADMIN_COMPRAS'), []).map((section) => section.title);
    expect(titles).toEqual(['Principal', 'Compras', 'Análises', 'Ponto Digital']);
  });
  it('treats an empty visible-path list as all visible', () => {
    expect(isMenuPathVisible('ANALISTA', [], '/ponto')).toBe(true);
    expect(isMenuPathVisible('ANALISTA', ['/'], '/ponto')).toBe(false);
    expect(isMenuPathVisible('ADMIN', ['/'], '/ponto')).toBe(true);
  });
});

describe('home cards', () => {
  const keys = (role: Role, configured: string[] = []) => visibleHomeActions(role, configured).map((action) => action.key);

  it.each([
    ['ADMIN', [], HOME_ACTIONS.map((action) => action.key)],
    ['BALCONISTA', [], ['launch_shortages', 'product_catalog']],
    ['BALCONISTA_II', [], ['launch_shortages', 'product_catalog']],
    ['FARMACEUTICO', [], ['launch_shortages', 'product_catalog']],
    ['ANALISTA', [], ['register_boletos']],
    // None configured: every card the role is allowed (only BALCONISTA is narrowed to two).
    ['ADMIN_COMPRAS', [], ['manage_purchases']],
    ['REPRESENTANTE', [], ['manage_quotes', 'winning_items']],
    ['ADMIN_COMPRAS', ['manage_purchases'], ['manage_purchases']],
    ['REPRESENTANTE', ['manage_quotes', 'winning_items'], ['manage_quotes', 'winning_items']],
  ] as [Role, string[], string[]][])('%s with configured %j sees %j', (role, configured, expected) => {
    expect(keys(role, configured)).toEqual(expected);
  });
  it('lets a BALCONISTA with configured actions see exactly those it is allowed', () => {
    expect(keys('BALCONISTA', ['register_boletos'])).toEqual(['register_boletos']);
    expect(keys('BALCONISTA', ['manage_users'])).toEqual([]);
  });
  it('shows nothing (Permissões Limitadas) when the configured actions are not allowed for the role', () => {
    expect(keys('ANALISTA', ['manage_users'])).toEqual([]);
  });
  it('offers a role-less user (BALCONISTA label, no permissions) no card at all: Permissões Limitadas', () => {
    expect(permittedHomeActions({ role: 'BALCONISTA', permissions: [] }, [])).toEqual([]);
  });
  it.each([
    ['ADMIN', [], ['launch_shortages', 'product_catalog', 'register_boletos', 'manage_purchases', 'manage_quotes', 'winning_items', 'manage_users', 'punch_reports']],
    // The spec's own example: a BALCONISTA (seeded permissions) with none configured sees exactly the two cards.
    ['BALCONISTA', [], ['launch_shortages', 'product_catalog']],
    ['BALCONISTA_II', [], ['launch_shortages', 'product_catalog']],
    ['FARMACEUTICO', [], ['launch_shortages', 'product_catalog']],
    ['ADMIN_COMPRAS', [], ['manage_purchases']],
    ['ADMIN_COMPRAS', ['manage_purchases'], ['manage_purchases']],
    ['REPRESENTANTE', [], ['manage_quotes', 'winning_items']],
    ['REPRESENTANTE', ['manage_quotes', 'winning_items'], ['manage_quotes', 'winning_items']],
    ['ANALISTA', [], ['register_boletos']],
  ] as [Role, string[], string[]][])('%s (seeded permissions) with configured %j is offered %j', (role, configured, expected) => {
    expect(permittedHomeActions(subject(role), configured).map((action) => action.key)).toEqual(expected);
  });
  it('offers only the cards whose route the user may enter', () => {
    const titles = (permissions: string[]) =>
      permittedHomeActions({ role: 'BALCONISTA', permissions }, []).map((action) => action.key);
    expect(titles(['CREATE_SHORTAGES', 'MANAGE_PRODUCTS'])).toEqual(['launch_shortages', 'product_catalog']);
    expect(titles(['MANAGE_PRODUCTS'])).toEqual(['product_catalog']);
    expect(permittedHomeActions({ role: 'ADMIN', permissions: [] }, []).length).toBe(HOME_ACTIONS.length);
  });
  it('maps each card to its route', () => {
    expect(Object.fromEntries(HOME_ACTIONS.map((action) => [action.key, [action.path, action.title]]))).toEqual({
      launch_shortages: ['/lancamento', 'Lançar Falta'],
      product_catalog: ['/produtos', 'Cadastrar Produto'],
      register_boletos: ['/boletos', 'Lançar Boleto'],
      manage_purchases: ['/compras', 'Gerenciar Compras'],
      manage_quotes: ['/cotacoes', 'Cotações'],
      winning_items: ['/itens-vitoriosos', 'Itens Vitoriosos'],
      manage_users: ['/usuarios', 'Gerenciar Usuários'],
      punch_reports: ['/ponto/relatorios', 'Relatórios de Ponto'],
    });
  });
});
