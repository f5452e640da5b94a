/** Every URL path of the app (spec §2), in one place. Paths are Portuguese, keys are English. */
export const paths = {
  home: '/',
  login: '/login',
  authLogin: '/auth/login',
  register: '/register',
  resetPassword: '/reset-password',
  authResetPassword: '/auth/reset-password',
  changePassword: '/change-password',
  authChangePassword: '/auth/change-password',
  unauthorized: '/unauthorized',
  signature: '/assinar/:token',

  documents: '/documentos',
  processFlow: '/fluxo-processo',
  mail: '/correio',
  punchClock: '/ponto',
  myPunches: '/meu-ponto',

  dashboard: '/dashboard',
  shortages: '/lancamento',
  products: '/produtos',
  purchases: '/compras',
  quotes: '/cotacoes',
  quoteAnalysis: '/analise-cotacoes',
  shortageAnalysis: '/analise-faltas',
  purchaseDaysAnalysis: '/analise-dias-compras',
  users: '/usuarios',
  winningItems: '/itens-vitoriosos',
  boletos: '/boletos',
  boletoReport: '/relatorio-boletos',
  purchaseReport: '/relatorio-compras',
  importHistory: '/historico-importacoes',
  shipments: '/remessas',
  newShipment: '/nova-remessa',
  editShipment: '/editar-remessa/:id',
  shipmentSignatures: '/assinatura-remessas',
  punchComputers: '/ponto/computadores',
  punchDashboard: '/ponto/dashboard',
  scheduleManagement: '/gestao-horarios',
  punchReports: '/ponto/relatorios',
  punchDetailedReports: '/ponto/relatorios-detalhados',
  punchAdmin: '/ponto/admin',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

export function editShipmentPath(id: string): string {
  return `/editar-remessa/${encodeURIComponent(id)}`;
}

export function signaturePath(token: string): string {
  return `/assinar/${encodeURIComponent(token)}`;
}

/** A document notification opens /documentos?notification={id} (spec §2). */
export function documentNotificationPath(notificationId: string): string {
  return `${paths.documents}?notification=${encodeURIComponent(notificationId)}`;
}

/** Where the password-reset email sends the user (spec §2). */
export function passwordRecoveryRedirect(origin: string): string {
  return `${origin}${paths.authResetPassword}`;
}
