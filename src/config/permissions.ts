/**
 * Spec §6 as data: roles, permissions, who may open each route, the sidebar menu and the home cards.
 * The check itself lives in `lib/permissions.ts`.
 */
import { paths } from '@/config/paths';

export const ROLES = ['ADMIN', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ADMIN_COMPRAS', 'REPRESENTANTE', 'ANALISTA'] as const;
export type Role = (typeof ROLES)[number];

/** Spec §6: BALCONISTA is the role of a user without one. */
export const DEFAULT_ROLE: Role = 'BALCONISTA';

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Administrador',
  BALCONISTA: 'Balconista',
  BALCONISTA_II: 'Balconista II',
  FARMACEUTICO: 'Farmacêutico',
  ADMIN_COMPRAS: 'Administrador de Compras',
  REPRESENTANTE: 'Representante',
  ANALISTA: 'Analista',
};

/**
 * The permission names the access rules below may require (spec §6, plus ADMIN_ACCESS for the AI panel).
 * Their descriptions, categories and menu items live only in the database catalogue (`public.permissions`,
 * migrations …000500 and later), the one source the user-management screens read.
 */
export const PERMISSION_NAMES = [
  'MANAGE_USERS',
  'MANAGE_ROLES',
  'MANAGE_UNITS',
  'MANAGE_PRODUCTS',
  'CREATE_SHORTAGES',
  'MANAGE_QUOTES',
  'MANAGE_ORDERS',
  'VIEW_REPORTS',
  'MANAGE_BOLETOS',
  'MANAGE_DOCUMENTS',
  'MANAGE_REMESSA',
  'PUNCH_CLOCK_ACCESS',
  'PUNCH_VIEW_OWN',
  'PUNCH_VIEW_ALL',
  'PUNCH_MANAGE',
  'ADMIN_ACCESS',
] as const;
export type Permission = (typeof PERMISSION_NAMES)[number];

/** Who may use something: a role from `roles`, and/or permissions (see lib/permissions.ts for how they combine). */
export interface AccessRule {
  roles: readonly Role[];
  permissions: readonly Permission[];
}

const ANY_USER: AccessRule = { roles: [], permissions: [] };
const SHORTAGE_ROLES: readonly Role[] = ['BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ADMIN', 'ANALISTA'];
const ADMIN_ONLY: AccessRule = { roles: ['ADMIN'], permissions: [] };

/** Spec §6 "Routes and menu items": the rule guarding each signed-in route. */
export const ROUTE_ACCESS = {
  [paths.home]: ANY_USER,
  [paths.documents]: ANY_USER,
  [paths.processFlow]: ANY_USER,
  [paths.mail]: ANY_USER,
  [paths.punchClock]: ANY_USER,
  [paths.myPunches]: ANY_USER,
  [paths.changePassword]: ANY_USER,
  [paths.authChangePassword]: ANY_USER,
  [paths.dashboard]: { roles: ['REPRESENTANTE'], permissions: ['VIEW_REPORTS'] },
  [paths.shortages]: { roles: SHORTAGE_ROLES, permissions: ['CREATE_SHORTAGES'] },
  [paths.importHistory]: { roles: SHORTAGE_ROLES, permissions: ['CREATE_SHORTAGES'] },
  [paths.products]: { roles: SHORTAGE_ROLES, permissions: ['MANAGE_PRODUCTS'] },
  [paths.boletos]: { roles: ['BALCONISTA', 'ADMIN', 'ANALISTA'], permissions: ['MANAGE_BOLETOS'] },
  [paths.shipments]: { roles: SHORTAGE_ROLES, permissions: ['MANAGE_REMESSA'] },
  [paths.newShipment]: { roles: SHORTAGE_ROLES, permissions: ['MANAGE_REMESSA'] },
  [paths.editShipment]: { roles: SHORTAGE_ROLES, permissions: ['MANAGE_REMESSA'] },
  [paths.shipmentSignatures]: { roles: SHORTAGE_ROLES, permissions: ['MANAGE_REMESSA'] },
  [paths.purchases]: { roles: ['ADMIN_COMPRAS', 'ADMIN'], permissions: ['MANAGE_ORDERS'] },
  [paths.quotes]: { roles: ['REPRESENTANTE', 'ADMIN'], permissions: ['MANAGE_QUOTES'] },
  [paths.winningItems]: { roles: ['REPRESENTANTE', 'ADMIN'], permissions: ['MANAGE_QUOTES', 'VIEW_REPORTS'] },
  [paths.quoteAnalysis]: { roles: ['ADMIN_COMPRAS', 'ADMIN', 'REPRESENTANTE', 'ANALISTA'], permissions: ['VIEW_REPORTS'] },
  [paths.shortageAnalysis]: { roles: ['ADMIN', 'ANALISTA'], permissions: ['VIEW_REPORTS'] },
  [paths.purchaseDaysAnalysis]: { roles: ['ADMIN', 'ADMIN_COMPRAS', 'ANALISTA'], permissions: ['VIEW_REPORTS'] },
  [paths.boletoReport]: { roles: ['ADMIN', 'ANALISTA'], permissions: ['VIEW_REPORTS', 'MANAGE_BOLETOS'] },
  [paths.purchaseReport]: { roles: ['ADMIN', 'ADMIN_COMPRAS', 'ANALISTA'], permissions: ['VIEW_REPORTS', 'MANAGE_ORDERS'] },
  // deviation: spec §6 lists /usuarios for ADMIN and MANAGE_USERS (both required). Issue 21 has a user manager who
  // is not an administrator (a custom role holding MANAGE_USERS, an HR manager) work there: MANAGE_USERS opens it,
  // and the database decides row by row what such a manager may change (never an administrator's account).
  [paths.users]: { roles: [], permissions: ['MANAGE_USERS'] },
  [paths.punchAdmin]: ADMIN_ONLY,
  [paths.punchComputers]: ADMIN_ONLY,
  [paths.scheduleManagement]: ADMIN_ONLY,
  // Both readings of spec §6 are kept: the route table admits ANALISTA, the menu (below) shows it to ADMIN only.
  [paths.punchReports]: { roles: ['ADMIN', 'ANALISTA'], permissions: [] },
  [paths.punchDashboard]: { roles: ['ADMIN', 'ANALISTA'], permissions: [] },
  [paths.punchDetailedReports]: { roles: ['ADMIN', 'ANALISTA'], permissions: [] },
} as const satisfies Record<string, AccessRule>;

export type GuardedPath = keyof typeof ROUTE_ACCESS;

export interface MenuItem {
  path: GuardedPath;
  label: string;
  /** The rule for showing the item; the route's rule unless the spec gives the menu its own. */
  access: AccessRule;
}

export interface MenuSection {
  title: string;
  items: readonly MenuItem[];
}

function item(path: GuardedPath, label: string, access: AccessRule = ROUTE_ACCESS[path]): MenuItem {
  return { path, label, access };
}

/** Spec §2 "Sidebar menu" (labels the spec leaves out: Compras, Cotações, Análise de Faltas, Relatório de Boletos, Relatório de Compras). */
export const MENU_SECTIONS: readonly MenuSection[] = [
  // deviation: the spec's menu (§2) has no item for /documentos, /correio or /fluxo-processo, routes open to every
  // signed-in user; issue 27 shows the unread mail count in the sidebar, and a page nobody can find is not built.
  {
    title: 'Principal',
    items: [item(paths.home, 'Início'), item(paths.documents, 'Documentos'), item(paths.mail, 'Correio'), item(paths.processFlow, 'Fluxo de Processos')],
  },
  {
    title: 'Operações',
    items: [
      item(paths.shortages, 'Lançar Falta'),
      item(paths.products, 'Cadastrar Produto'),
      item(paths.boletos, 'Lançar Boleto'),
      item(paths.importHistory, 'Histórico de Importações'),
      item(paths.shipments, 'Remessas'),
      // deviation: spec §2 lists it under Análises; it is where a shipment's link is made and its receipt read,
      // the clerk's next step after Remessas (README deviations).
      item(paths.shipmentSignatures, 'Assinatura de Remessas'),
    ],
  },
  {
    title: 'Compras',
    items: [item(paths.purchases, 'Compras'), item(paths.quotes, 'Cotações'), item(paths.winningItems, 'Itens Vitoriosos')],
  },
  {
    title: 'Análises',
    items: [
      item(paths.quoteAnalysis, 'Análise de Cotações Avançada'),
      item(paths.shortageAnalysis, 'Análise de Faltas'),
      item(paths.purchaseDaysAnalysis, 'Análise de Dias para Compras'),
      item(paths.boletoReport, 'Relatório de Boletos'),
      item(paths.purchaseReport, 'Relatório de Compras'),
    ],
  },
  {
    title: 'Ponto Digital',
    items: [
      item(paths.punchClock, 'Registrar Ponto'),
      item(paths.myPunches, 'Meu Ponto'),
      item(paths.punchAdmin, 'Meu Ponto (Admin)'),
      item(paths.punchComputers, 'Computadores Autorizados'),
      item(paths.punchDashboard, 'Dashboard Ponto'),
      // The menu reading of spec §6: ADMIN only (the route also admits ANALISTA).
      item(paths.punchReports, 'Relatórios de Ponto', ADMIN_ONLY),
    ],
  },
  {
    title: 'Administração',
    items: [item(paths.users, 'Gerenciar Usuários'), item(paths.scheduleManagement, 'Gestão de Horários')],
  },
];

/** Page titles of signed-in screens that have no menu item. */
export const PAGE_TITLES: Partial<Record<GuardedPath, string>> = {
  [paths.dashboard]: 'Dashboard',
  [paths.newShipment]: 'Nova Remessa',
  [paths.editShipment]: 'Editar Remessa',
  [paths.punchDetailedReports]: 'Relatórios Detalhados de Ponto',
  [paths.changePassword]: 'Alterar Senha',
};

/** The title of a guarded screen: its menu label, else its page title. */
export function titleForPath(path: GuardedPath): string {
  for (const section of MENU_SECTIONS) {
    const found = section.items.find((menuItem) => menuItem.path === path);
    if (found) return found.label;
  }
  return PAGE_TITLES[path] ?? path;
}

export const HOME_ACTION_KEYS = [
  'launch_shortages',
  'product_catalog',
  'register_boletos',
  'manage_purchases',
  'manage_quotes',
  'winning_items',
  'manage_users',
  'punch_reports',
] as const;
export type HomeActionKey = (typeof HOME_ACTION_KEYS)[number];

export interface HomeAction {
  key: HomeActionKey;
  title: string;
  /** Its line is the page's, in page-descriptions.ts (not loaded by the sign-in page). */
  path: GuardedPath;
  roles: readonly Role[];
}

/** Spec §6 "Home cards and allowed roles". */
export const HOME_ACTIONS: readonly HomeAction[] = [
  {
    key: 'launch_shortages',
    title: 'Lançar Falta',
    path: paths.shortages,
    roles: ['BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ADMIN'],
  },
  {
    key: 'product_catalog',
    title: 'Cadastrar Produto',
    path: paths.products,
    roles: ['BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'ADMIN'],
  },
  {
    key: 'register_boletos',
    title: 'Lançar Boleto',
    path: paths.boletos,
    roles: ['BALCONISTA', 'ADMIN', 'ANALISTA'],
  },
  {
    key: 'manage_purchases',
    title: 'Gerenciar Compras',
    path: paths.purchases,
    roles: ['ADMIN_COMPRAS', 'ADMIN'],
  },
  {
    key: 'manage_quotes',
    title: 'Cotações',
    path: paths.quotes,
    roles: ['REPRESENTANTE', 'ADMIN'],
  },
  {
    key: 'winning_items',
    title: 'Itens Vitoriosos',
    path: paths.winningItems,
    roles: ['REPRESENTANTE', 'ADMIN'],
  },
  {
    key: 'manage_users',
    title: 'Gerenciar Usuários',
    path: paths.users,
    roles: ['ADMIN'],
  },
  {
    key: 'punch_reports',
    title: 'Relatórios de Ponto',
    path: paths.punchReports,
    roles: ['ADMIN'],
  },
];

/** Spec §6: a BALCONISTA whose role has no configured visible actions sees only these. */
export const BALCONISTA_DEFAULT_ACTIONS: readonly HomeActionKey[] = ['launch_shortages', 'product_catalog'];

/** Spec §2: the AI assistant shows on these routes, for ADMIN or holders of ADMIN_ACCESS. */
export const AI_ASSISTANT_ACCESS: AccessRule = { roles: ['ADMIN'], permissions: ['ADMIN_ACCESS'] };
