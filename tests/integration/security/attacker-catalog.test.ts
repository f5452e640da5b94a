/**
 * The attacker suite: what a signed-in user (or anyone with the anon key) can do by
 * editing requests, not what the screens send. The surface comes from the catalogue
 * (attack-catalog.ts): every table an API role can reach, every column it may insert
 * or update, every function it may execute. Each must have a plan below (who may read
 * which rows, who may edit, which columns are content and which carry a rule), or the
 * first test fails and names what is missing. Then, per demo role, plus an account
 * that signed up with a forged unit and never got a role, a user manager who is not an
 * administrator (a custom role holding MANAGE_USERS alone), a clerk disabled while signed
 * in (its token still valid), plus anon:
 *
 *  - reads return only rows the plan allows (other units', suppliers', users' rows never);
 *  - every updatable column is forged on rows the caller must not edit (rows it cannot
 *    see and rows it can see but not edit): nothing changes;
 *  - every column with a rule (ownership, unit, status) is forged on rows the caller may
 *    otherwise edit: refused with 42501, nothing changes (never a silent reset);
 *  - deletes of rows the caller must not delete remove nothing;
 *  - inserts by callers without the right, and inserts with forged ownership, are refused;
 *  - every RPC is called with other units', suppliers' and users' ids.
 *
 * Every forged value is valid for its column (a real foreign key, an enumerated status),
 * so a refusal can only come from authorization. Nothing seeded changes unless a guard
 * is missing, in which case the test fails anyway.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_KEYS, signInAs } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql, userClient } from '../../utils/env.ts';
import { forgeValue, loadCatalog, quoteIdent, reachable, sameValue, type Catalog, type TableInfo } from './attack-catalog.ts';

const backend = appBackend();
const tag = `atk-${randomUUID().slice(0, 8)}`;

type Row = Record<string, unknown>;

interface Actor {
  key: string;
  client: SupabaseClient;
  anon: boolean;
  userId: string | null;
  unitId: string | null;
  supplierId: string | null;
  roleId: string | null;
  isAdmin: boolean;
  isBuyer: boolean;
  isRep: boolean;
  readsPurchasing: boolean;
  perms: Set<string>;
  units: string[];
}

/** Facts about the data that row rules depend on (batch states, quote owners...). */
interface World {
  batches: Map<string, Row>;
  quotes: Map<string, Row>;
  orders: Map<string, Row>;
  importRuns: Map<string, Row>;
  adminRoles: Set<string>;
  /** Accounts holding an admin role: only an administrator acts on them. */
  adminUsers: Set<string>;
  unitIds: string[];
  productIds: string[];
  boletos: Map<string, Row>;
  shipments: Map<string, Row>;
  /** The units each user works in (private.user_unit_ids: user_units plus the profile's current unit). */
  employeeUnits: Map<string, string[]>;
  /** The units each account works in (private.user_unit_ids): the time clock's scope. */
  userUnits: Map<string, string[]>;
  scheduleTemplates: Map<string, Row>;
  workSchedules: Map<string, Row>;
  holidays: Map<string, Row>;
  notifications: Map<string, Row>;
  // ---- Issue 27, Correio (H3) ----
  /** mail_messages by id, their recipient rows, and the accounts a representative may write to. */
  mailMessages: Map<string, Row>;
  mailRecipients: Row[];
  purchasingStaff: Set<string>;
  // ---- end Correio ----
  /** Documents (issue 27) with `current` (valid today, not archived) and `audience` (private.audience_user_ids now). */
  documents: Map<string, Row>;
}

type RowRule = (row: Row, a: Actor, w: World) => boolean;
type Insert = (a: Actor, w: World) => Row;
/** A forged insert, or null when the forgery is this caller's legitimate right. */
type Forgery = (a: Actor, w: World) => Row | null;

interface TablePlan {
  /** Rows the caller may read. */
  read: RowRule;
  /** Rows whose content columns the caller may edit. Absent: nobody edits by a table write. */
  edit?: RowRule;
  /** Updatable columns that are plain content for whoever may `edit` the row. */
  content?: string[];
  /**
   * Updatable columns with a rule beyond "may edit the row": each returns the forged
   * values that must be refused on a row the caller may edit (an empty list when none
   * is wrong for this caller, e.g. an administrator moving someone's unit).
   */
  ruled?: Record<string, (row: Row, a: Actor, w: World) => unknown[]>;
  /** Rows the caller may delete. */
  remove?: RowRule;
  /** Who may insert, and a valid row to try for everyone else. */
  insert?: { may: (a: Actor) => boolean; row: Insert; forged?: Forgery[]; cleanup?: () => string };
}

const hasRole = (a: Actor): boolean => a.roleId !== null;
const can = (permission: string) => (a: Actor): boolean => a.perms.has(permission);
const everyoneSignedIn: RowRule = (_r, a) => !a.anon;
const catalogue: RowRule = (_r, a) => hasRole(a);
const canManageRole = (roleId: unknown, a: Actor, w: World): boolean =>
  a.isAdmin || (a.perms.has('MANAGE_ROLES') && roleId !== a.roleId && !w.adminRoles.has(String(roleId)));
/** Admins; user or role managers for another user who is not an administrator (issue 21: only ADMIN acts on an admin). */
const canManageUserAccess = (userId: unknown, a: Actor, w: World): boolean =>
  a.isAdmin || ((a.perms.has('MANAGE_USERS') || a.perms.has('MANAGE_ROLES')) && userId !== a.userId && !w.adminUsers.has(String(userId)));
const SHORTAGE_STATUSES = ['PENDENTE', 'LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO', 'ENTREGUE'];
const openShortage = (r: Row): boolean => r.status === 'PENDENTE' && r.batch_id === null;
/** Registers and corrects shortages of a unit: administrators anywhere, CREATE_SHORTAGES holders in their assigned units. */
const actsOnUnit = (a: Actor, unitId: unknown): boolean =>
  a.isAdmin || (hasRole(a) && a.perms.has('CREATE_SHORTAGES') && (unitId === a.unitId || a.units.includes(String(unitId))));
/** Works in a unit (current or assigned): confirms the deliveries there (private.works_in_unit). */
const worksIn = (a: Actor, unitId: unknown): boolean => hasRole(a) && (unitId === a.unitId || a.units.includes(String(unitId)));
const quoteSupplier = (quoteId: unknown, w: World): unknown => w.quotes.get(String(quoteId))?.supplier_id;
const quoteEditable = (quoteId: unknown, a: Actor, w: World): boolean => {
  const quote = w.quotes.get(String(quoteId));
  const batch = quote ? w.batches.get(String(quote.batch_id)) : undefined;
  return (
    a.perms.has('MANAGE_QUOTES') && quote?.supplier_id === a.supplierId && quote?.status === 'EM_ANDAMENTO' && batch?.status === 'EM_COTACAO'
  );
};

let world: World;
let otherUserId = '';
/** The user manager and the disabled clerk of issue 21. */
const extraUsers: string[] = [];

/** Units whose boletos the caller works (private.boleto_units): all for ADMIN, own and assigned ones with MANAGE_BOLETOS. */
const boletoUnits = (a: Actor, w: World): string[] =>
  a.isAdmin ? w.unitIds : hasRole(a) && a.perms.has('MANAGE_BOLETOS') ? [a.unitId, ...a.units].filter((u): u is string => Boolean(u)) : [];
const inBoletoUnits = (r: Row, a: Actor, w: World): boolean => boletoUnits(a, w).includes(String(r.unit_id));
/** Units whose shipments the caller works (private.shipment_units): all for ADMIN, own and assigned ones with MANAGE_REMESSA. */
const shipmentUnits = (a: Actor, w: World): string[] =>
  a.isAdmin ? w.unitIds : hasRole(a) && a.perms.has('MANAGE_REMESSA') ? [a.unitId, ...a.units].filter((u): u is string => Boolean(u)) : [];
const worksShipment = (shipment: Row | undefined, a: Actor, w: World): boolean =>
  shipment !== undefined && (shipmentUnits(a, w).includes(String(shipment.origin_unit_id)) || shipmentUnits(a, w).includes(String(shipment.destination_unit_id)));
const shipmentChild: RowRule = (r, a, w) => worksShipment(w.shipments.get(String(r.shipment_id)), a, w);
/** Units whose time records the caller reads (private.can_view_unit_time): its own with PUNCH_VIEW_ALL or PUNCH_MANAGE. */
const timeUnits = (a: Actor): string[] =>
  a.perms.has('PUNCH_VIEW_ALL') || a.perms.has('PUNCH_MANAGE') ? [a.unitId, ...a.units].filter((u): u is string => Boolean(u)) : [];
/** Reads an employee's time records (private.can_view_employee_time): ADMIN, or a unit in common with timeUnits. */
const seesEmployeeTime = (userId: unknown, a: Actor, w: World): boolean =>
  a.isAdmin || (w.employeeUnits.get(String(userId)) ?? []).some((u) => timeUnits(a).includes(u));
/** Someone whose time records the caller must not read (undefined for an administrator). */
const unseenEmployee = (a: Actor, w: World): string | undefined => [...w.employeeUnits.keys()].find((id) => id !== a.userId && !seesEmployeeTime(id, a, w));
/** Someone whose time records the caller must not treat (the caller itself included, unless an administrator). */
const untreatedEmployee = (a: Actor, w: World): string | undefined => [...w.employeeUnits.keys()].find((id) => !managesEmployeeTime(id, a, w));
/** Rows of one employee's time treatment (adjustments, requests, acknowledgements): own, or in the caller's time scope. */
const ownOrSeenTime = (column: string): RowRule => (r, a, w) => r[column] === a.userId || seesEmployeeTime(r[column], a, w);
// Issue 25 schedules (helper S): timeUnits above is gated by PUNCH_VIEW_ALL/PUNCH_MANAGE, which every use below also requires.
const sharesUnit = (userId: unknown, a: Actor, w: World): boolean => (w.userUnits.get(String(userId)) ?? []).some((u) => timeUnits(a).includes(u));
/** private.can_view_employee_time: oneself, ADMIN, PUNCH_VIEW_ALL / PUNCH_MANAGE holders sharing a unit. */
const viewsEmployeeTime = (userId: unknown, a: Actor, w: World): boolean =>
  !a.anon && (userId === a.userId || a.isAdmin || ((a.perms.has('PUNCH_VIEW_ALL') || a.perms.has('PUNCH_MANAGE')) && sharesUnit(userId, a, w)));
/** private.can_manage_employee_time: ADMIN, PUNCH_MANAGE holders sharing a unit. */
const managesEmployeeTime = (userId: unknown, a: Actor, w: World): boolean =>
  !a.anon && (a.isAdmin || (a.perms.has('PUNCH_MANAGE') && sharesUnit(userId, a, w)));
/** private.can_manage_unit_time. */
const managesUnitTime = (unitId: unknown, a: Actor): boolean => !a.anon && (a.isAdmin || (a.perms.has('PUNCH_MANAGE') && timeUnits(a).includes(String(unitId))));
/** private.can_read_employee_cpf: oneself, ADMIN, PUNCH_MANAGE holders sharing a unit (a disabled account nothing). */
const readsEmployeeCpf = (userId: unknown, a: Actor, w: World): boolean =>
  !a.anon && a.key !== 'desativado' && (userId === a.userId || a.isAdmin || (a.perms.has('PUNCH_MANAGE') && sharesUnit(userId, a, w)));
/** private.can_view_employee_record: oneself, ADMIN, user managers of the account, PUNCH_VIEW_ALL / PUNCH_MANAGE sharing a unit. */
const viewsEmployeeRecord = (userId: unknown, a: Actor, w: World): boolean =>
  viewsEmployeeTime(userId, a, w) || (!a.anon && a.perms.has('MANAGE_USERS') && userId !== a.userId && !w.adminUsers.has(String(userId)));
/** private.can_edit_employee_record: ADMIN, user managers of the account, PUNCH_MANAGE holders for another employee of their units. */
const editsEmployeeRecord = (userId: unknown, a: Actor, w: World): boolean =>
  !a.anon &&
  (a.isAdmin ||
    (userId !== a.userId && ((a.perms.has('MANAGE_USERS') && !w.adminUsers.has(String(userId))) || (a.perms.has('PUNCH_MANAGE') && sharesUnit(userId, a, w)))));
const editsScheduleTemplates = (a: Actor): boolean => !a.anon && (a.isAdmin || a.perms.has('PUNCH_MANAGE'));
// Issue 26 reports: private.require_report_rights, and what a report answer may contain.
const readsTimeReports = (a: Actor): boolean => !a.anon && (a.isAdmin || a.perms.has('PUNCH_VIEW_ALL') || a.perms.has('PUNCH_MANAGE'));
function scopedReport(r: { data: unknown; error: unknown }, a: Actor, w: World, people: (d: Row) => Row[]): true | string {
  if (r.error) return true;
  const rows = people(r.data as Row);
  const foreignUnits = rows.filter((p) => p.unit_id != null && !a.isAdmin && !timeUnits(a).includes(String(p.unit_id)));
  if (foreignUnits.length > 0) return `${foreignUnits.length} people under units out of scope`;
  const foreign = rows.filter((p) => !viewsEmployeeTime(p.user_id, a, w));
  if (foreign.length > 0) return `${foreign.length} employees out of scope`;
  const readsCpf = (id: unknown) => id === a.userId || a.isAdmin || managesEmployeeTime(id, a, w);
  const leaked = rows.filter((p) => typeof p.cpf === 'string' && !readsCpf(p.user_id) && !String(p.cpf).startsWith('***'));
  return leaked.length === 0 ? true : `${leaked.length} whole CPFs of employees the caller may not read`;
}
const staff: RowRule = (_r, a) => hasRole(a) || a.perms.size > 0;
// Issue 27 documents: publishers (ADMIN and MANAGE_DOCUMENTS holders, active) see every document; the audience sees
// it while it is current. Evidence (versions, files, replies) follows the document; receipts are one's own (all for
// publishers); a unit's actions are for publishers and that unit's people; reminders for publishers.
const publishesDocuments = (a: Actor): boolean => !a.anon && a.perms.has('MANAGE_DOCUMENTS');
const seesDocument = (doc: Row | undefined, a: Actor): boolean =>
  doc !== undefined && !a.anon && (publishesDocuments(a) || (doc.current === true && (doc.audience as string[]).includes(String(a.userId))));
const documentChild: RowRule = (r, a, w) => seesDocument(w.documents.get(String(r.document_id)), a);
const callerUnits = (a: Actor): string[] => [a.unitId, ...a.units].filter((u): u is string => Boolean(u));
/** Documents the caller must not see (at most two). */
const unseenDocuments = (a: Actor, w: World, test: (d: Row) => boolean = () => true): Row[] =>
  [...w.documents.values()].filter((d) => test(d) && !seesDocument(d, a)).slice(0, 2);
const WEEK_DAYS = Array.from({ length: 7 }, (_, position) => ({ position, works: position < 5, start_time: '08:00', end_time: '17:00', break_minutes: 60 }));
/** A valid code (the post-reset vector of the domain notes): refusals below are about rights, not digits. */
const VALID_BOLETO = { barcode: '34199101600000123451091234567812345678901230', amount: 123.45, due_date: '2025-03-10', beneficiary: 'Fornecedor forjado' };

// ---- Issue 27, Correio (H3) ----
const activeReader = (a: Actor): boolean => !a.anon && a.key !== 'desativado';
const mailSender = (messageId: unknown, a: Actor, w: World): boolean => w.mailMessages.get(String(messageId))?.sender_id === a.userId;
const mailParticipant = (messageId: unknown, a: Actor, w: World): boolean =>
  mailSender(messageId, a, w) || w.mailRecipients.some((r) => r.message_id === messageId && r.user_id === a.userId);
/** Threads the caller has no message in (neither sent nor received). */
const foreignMailThreads = (a: Actor, w: World): string[] => {
  const mine = new Set([...w.mailMessages.values()].filter((m) => mailParticipant(m.id, a, w)).map((m) => String(m.thread_id)));
  return [...new Set([...w.mailMessages.values()].map((m) => String(m.thread_id)))].filter((t) => !mine.has(t));
};
const foreignMailMessages = (a: Actor, w: World): string[] => [...w.mailMessages.keys()].filter((id) => !mailParticipant(id, a, w));
// ---- end Correio ----

const PLANS: Record<string, TablePlan> = {
  // Time clock: the term is public to staff; consents and punches are one's own, and those of the employees
  // of the caller's units for PUNCH_VIEW_ALL and PUNCH_MANAGE (issue 25: never the whole chain), ADMIN all;
  // a mark made at one of the caller's units too. Computers are the administrators'.
  versoes_termo_lgpd: { read: everyoneSignedIn },
  consentimentos_lgpd: { read: (r, a, w) => r.funcionario_id === a.userId || seesEmployeeTime(r.funcionario_id, a, w) },
  pontos: { read: (r, a, w) => r.funcionario_id === a.userId || seesEmployeeTime(r.funcionario_id, a, w) || a.isAdmin || timeUnits(a).includes(String(r.unit_id)) },
  // Treatment (issue 25): read-only tables, written only through the RPCs; each employee's rows follow the
  // time scope; settings are public to staff; a closed month is known to the unit's people and managers.
  ponto_configuracoes: { read: everyoneSignedIn },
  ponto_fechamentos: { read: (r, a) => a.isAdmin || [a.unitId, ...a.units].includes(String(r.unit_id)) },
  ponto_fechamento_totais: { read: ownOrSeenTime('funcionario_id') },
  ponto_ajustes: { read: ownOrSeenTime('funcionario_id') },
  ponto_solicitacoes: { read: ownOrSeenTime('funcionario_id') },
  ponto_espelho_ciencias: { read: ownOrSeenTime('funcionario_id') },
  banco_horas_acordos: { read: ownOrSeenTime('user_id') },
  // Issue 26: a CPF is read by the person, ADMIN and the PUNCH_MANAGE holders of the person's units (never
  // PUNCH_VIEW_ALL alone, never a user manager by the table: they get it masked from get_employee_record);
  // written only through set_employee_record.
  employee_records: { read: (r, a, w) => readsEmployeeCpf(r.user_id, a, w) },
  // Issue 27: a notification is its recipient's alone (and nobody's while the account is disabled); written only by
  // the database (private.notify), marked read only through mark_notifications_read / open_notification.
  notifications: { read: (r, a) => !a.anon && a.key !== 'desativado' && r.user_id === a.userId },
  // ---- Issue 27, Correio (H3): a message, its recipient rows and its attachments are read by its sender and its
  // recipients alone (a recipient reads only their own recipient row; the sender all of them), while the account is
  // active; nothing is written by a table write (no insert/update/delete grants): send_mail and the state RPCs only.
  mail_messages: { read: (r, a, w) => activeReader(a) && mailParticipant(r.id, a, w) },
  mail_recipients: { read: (r, a, w) => activeReader(a) && (r.user_id === a.userId || mailSender(r.message_id, a, w)) },
  mail_attachments: { read: (r, a, w) => activeReader(a) && mailParticipant(r.message_id, a, w) },
  // ---- end Correio ----
  // Issue 27 documents: read-only tables (every write is an RPC); see the helpers above.
  documents: { read: (r, a, w) => seesDocument(w.documents.get(String(r.id)), a) },
  document_versions: { read: documentChild },
  document_files: { read: documentChild },
  document_replies: { read: documentChild },
  document_reads: { read: (r, a) => publishesDocuments(a) || (r.user_id === a.userId && a.key !== 'desativado' && (hasRole(a) || a.perms.size > 0)) },
  document_actions: {
    read: (r, a, w) => publishesDocuments(a) || (callerUnits(a).includes(String(r.unit_id)) && seesDocument(w.documents.get(String(r.document_id)), a)),
  },
  document_reminders: { read: (_r, a) => publishesDocuments(a) },
  authorized_computers: { read: (_r, a) => a.isAdmin, edit: (_r, a) => a.isAdmin, content: ['name', 'revoked_at'] },
  // Schedules (issue 25): assignments are read by the time clock's scope and written only through the RPCs;
  // templates, holidays and opening hours are the chain's, read by every staff account, written by RPCs.
  work_schedules: { read: (r, a, w) => viewsEmployeeTime(r.user_id, a, w) },
  work_schedule_templates: { read: staff },
  work_schedule_template_days: { read: staff },
  holidays: { read: staff },
  unit_opening_hours: { read: staff },
  // Boletos: the caller's boleto units only; a pending boleto is edited, a paid or cancelled one is frozen;
  // status, payment and deletion move only through the RPCs (no such grants); the history is read-only.
  boletos: {
    read: inBoletoUnits,
    edit: (r, a, w) => inBoletoUnits(r, a, w) && r.status === 'PENDENTE',
    // duplicate_reason: why a code already entered is entered again (the trigger requires it then).
    content: ['supplier_id', 'beneficiary', 'barcode', 'amount', 'due_date', 'issue_date', 'document_number', 'notes', 'duplicate_reason'],
    ruled: { unit_id: (_r, a, w) => w.unitIds.filter((u) => !boletoUnits(a, w).includes(u)).slice(0, 1) },
    insert: {
      may: (a) => boletoUnits(a, world).length > 0,
      row: (_a, w) => ({ ...VALID_BOLETO, unit_id: w.unitIds[0] }),
      forged: [
        (a, w) => {
          const foreign = w.unitIds.find((u) => !boletoUnits(a, w).includes(u));
          return foreign && boletoUnits(a, w).length > 0 ? { ...VALID_BOLETO, unit_id: foreign } : null;
        },
        (a, w) => (boletoUnits(a, w).length > 0 ? { ...VALID_BOLETO, unit_id: boletoUnits(a, w)[0], status: 'PAGO', paid_at: '2025-03-10', paid_amount: 1 } : null),
        (a, w) => (boletoUnits(a, w).length > 0 ? { ...VALID_BOLETO, unit_id: boletoUnits(a, w)[0], created_by: otherUserId } : null),
      ],
    },
  },
  boleto_status_history: { read: inBoletoUnits },
  // Remessas: read where the caller's units send or receive; every write goes through the RPCs.
  shipments: { read: (r, a, w) => worksShipment(r, a, w) },
  shipment_items: { read: shipmentChild },
  shipment_status_history: { read: shipmentChild },
  shipment_signature_links: { read: shipmentChild },
  shipment_signatures: { read: shipmentChild },
  shipment_settings: { read: (_r, a) => hasRole(a) || a.perms.size > 0 },
  // Issue 29: the assistant's questions and answers are read by administrators only; written by its RPCs alone.
  ai_chat_log: { read: (_r, a) => a.isAdmin && activeReader(a) },
  audit_log: {
    // The trail is for user administrators; nobody writes it through the API (the audit triggers and
    // the admin-users function, with the service role, do).
    read: (_r, a) => a.isAdmin || a.perms.has('MANAGE_USERS'),
  },
  store_units: {
    read: everyoneSignedIn,
    edit: (_r, a) => can('MANAGE_UNITS')(a),
    // Issue 26: the CNPJ (check digits by constraint) and razão social are the unit's public identity, like its address.
    content: ['name', 'address', 'cnpj', 'legal_name'],
    remove: (_r, a) => can('MANAGE_UNITS')(a),
    insert: { may: can('MANAGE_UNITS'), row: () => ({ name: `${tag} unidade` }), cleanup: () => `delete from public.store_units where name like '${tag}%'` },
  },
  suppliers: {
    read: catalogue,
    edit: (_r, a) => a.isAdmin,
    content: ['name', 'cnpj'],
    remove: (_r, a) => a.isAdmin,
    insert: { may: (a) => a.isAdmin, row: () => ({ name: `${tag} fornecedor` }), cleanup: () => `delete from public.suppliers where name like '${tag}%'` },
  },
  profiles: {
    // Staff see colleagues' names; a representative sees staff and itself, never other
    // suppliers' people; an account without a role sees only itself.
    read: (r, a) => r.id === a.userId || (hasRole(a) && (!a.isRep || r.supplier_id === null || a.perms.has('MANAGE_USERS'))),
    edit: (r, a, w) => r.id === a.userId || (a.perms.has('MANAGE_USERS') && canManageUserAccess(r.id, a, w)),
    content: ['full_name'],
    ruled: {
      // Self-service unit change only among the user's assigned units (user_units).
      unit_id: (r, a, w) => (a.perms.has('MANAGE_USERS') || a.isAdmin ? [] : w.unitIds.filter((u) => u !== r.unit_id && !a.units.includes(u))),
      // Which supplier a representative speaks for is the administrators' decision.
      supplier_id: (r, a) => (a.perms.has('MANAGE_USERS') || a.isAdmin ? [] : [r.supplier_id ? null : FORGED_SUPPLIER]),
    },
  },
  user_units: {
    read: (r, a) => r.user_id === a.userId || a.perms.has('MANAGE_USERS') || a.isAdmin,
    remove: (r, a, w) => canManageUserAccess(r.user_id, a, w),
    insert: {
      may: (a) => a.perms.has('MANAGE_USERS') || a.isAdmin,
      row: (a, w) => ({ user_id: a.userId, unit_id: w.unitIds.find((u) => !a.units.includes(u)) }),
    },
  },
  custom_roles: {
    read: everyoneSignedIn,
    edit: (r, a, w) => canManageRole(r.id, a, w),
    content: ['name', 'description'],
    ruled: { is_admin: (r, a) => (a.isAdmin ? [] : [!r.is_admin]) },
    remove: (r, a, w) => canManageRole(r.id, a, w),
    insert: {
      may: (a) => a.isAdmin || a.perms.has('MANAGE_ROLES'),
      row: () => ({ name: `${tag}_PAPEL` }),
      // Only an administrator makes an administrator role.
      forged: [(a) => (a.isAdmin ? null : { name: `${tag}_ADM`, is_admin: true })],
      cleanup: () => `delete from public.custom_roles where name like '${tag}%'`,
    },
  },
  permissions: {
    read: everyoneSignedIn,
    edit: (_r, a) => a.isAdmin,
    content: ['description', 'category', 'menu_items'],
    remove: (_r, a) => a.isAdmin,
    insert: { may: (a) => a.isAdmin, row: () => ({ name: `${tag}_PERM`, category: 'Usuários' }), cleanup: () => `delete from public.permissions where name like '${tag}%'` },
  },
  user_roles: {
    read: (r, a) => r.user_id === a.userId || a.perms.has('MANAGE_USERS') || a.perms.has('MANAGE_ROLES'),
    edit: (r, a, w) => canManageUserAccess(r.user_id, a, w) && (a.isAdmin || !w.adminRoles.has(String(r.role_id))),
    ruled: { role_id: (_r, a, w) => (a.isAdmin ? [] : [...w.adminRoles]) },
    remove: (r, a, w) => canManageUserAccess(r.user_id, a, w) && (a.isAdmin || !w.adminRoles.has(String(r.role_id))),
    insert: {
      may: (a) => a.isAdmin,
      row: (_a, w) => ({ user_id: otherUserId, role_id: [...w.adminRoles][0] }),
      cleanup: () => `delete from public.user_roles where user_id in (select id from public.profiles where full_name like '${tag}%')`,
    },
  },
  user_permissions: {
    read: (r, a) => r.user_id === a.userId || a.perms.has('MANAGE_USERS') || a.perms.has('MANAGE_ROLES'),
    remove: (r, a, w) => canManageUserAccess(r.user_id, a, w),
    insert: {
      // A user manager grants another non-admin user a permission it holds itself.
      may: (a) => canManageUserAccess(otherUserId, a, world) && a.perms.has('MANAGE_USERS'),
      row: () => ({ user_id: otherUserId, permission_id: MANAGE_USERS_PERMISSION }),
      cleanup: () => `delete from public.user_permissions where user_id in (select id from public.profiles where full_name like '${tag}%')`,
    },
  },
  role_permissions: {
    read: everyoneSignedIn,
    remove: (r, a, w) => canManageRole(r.role_id, a, w) && a.perms.has(String(r.permission)),
    insert: {
      may: (a) => a.isAdmin,
      row: (a) => ({ role_id: a.roleId ?? BALCONISTA_ROLE, permission: 'MANAGE_USERS' }),
      },
  },
  role_menu_paths: {
    read: everyoneSignedIn,
    remove: (r, a, w) => canManageRole(r.role_id, a, w),
    insert: { may: (a) => a.isAdmin, row: (a) => ({ role_id: a.roleId ?? BALCONISTA_ROLE, menu_path: '/usuarios' }), },
  },
  role_homepage_actions: {
    read: everyoneSignedIn,
    edit: (r, a, w) => canManageRole(r.role_id, a, w),
    content: ['visible'],
    remove: (r, a, w) => canManageRole(r.role_id, a, w),
    insert: { may: (a) => a.isAdmin, row: (a) => ({ role_id: a.roleId ?? BALCONISTA_ROLE, action_key: 'manage_users' }), },
  },
  categories: {
    read: catalogue,
    edit: (_r, a) => can('MANAGE_PRODUCTS')(a),
    content: ['name', 'description'],
    remove: (_r, a) => can('MANAGE_PRODUCTS')(a),
    insert: { may: can('MANAGE_PRODUCTS'), row: () => ({ name: `${tag} grupo` }), cleanup: () => `delete from public.categories where name like '${tag}%'` },
  },
  products: {
    read: catalogue,
    edit: (_r, a) => can('MANAGE_PRODUCTS')(a),
    content: ['barcode', 'name', 'description'],
    remove: (_r, a) => can('MANAGE_PRODUCTS')(a),
    insert: { may: can('MANAGE_PRODUCTS'), row: () => ({ name: `${tag} produto` }), cleanup: () => `delete from public.products where name like '${tag}%'` },
  },
  product_categories: {
    read: catalogue,
    remove: (_r, a) => can('MANAGE_PRODUCTS')(a),
    insert: {
      may: can('MANAGE_PRODUCTS'),
      row: () => ({ product_id: SEEDED_PRODUCT, category_id: SEEDED_CATEGORY }),
      },
  },
  import_runs: {
    read: (r, a) => r.created_by === a.userId || (hasRole(a) && (r.unit_id === a.unitId || a.isAdmin)),
    remove: (_r, a) => a.isAdmin,
    insert: {
      may: (a) => a.perms.has('MANAGE_PRODUCTS') || a.perms.has('CREATE_SHORTAGES'),
      row: (a) => ({ kind: 'products', file_name: `${tag}.csv`, created_by: a.userId, unit_id: a.unitId }),
      forged: [
        (a) => ({ kind: 'products', file_name: `${tag}-de-outro.csv`, created_by: otherUserId, unit_id: a.unitId }),
        // An administrator imports for any unit; nobody else records a run in another unit.
        (a, w) => (a.isAdmin ? null : { kind: 'shortages', file_name: `${tag}-outra-unidade.csv`, created_by: a.userId, unit_id: w.unitIds.find((u) => u !== a.unitId) }),
        // The content hash is the import RPCs' record: a run forged with one would block a colleague's real import.
        (a) => ({ kind: 'products', file_name: `${tag}-hash.csv`, created_by: a.userId, unit_id: a.unitId, content_hash: 'f'.repeat(64) }),
      ],
      cleanup: () => `delete from public.import_runs where file_name like '${tag}%'`,
    },
  },
  import_run_rejections: {
    read: (r, a, w) => {
      const run = w.importRuns.get(String(r.import_run_id));
      return !!run && PLANS.import_runs!.read(run, a, w);
    },
    insert: {
      // The run belongs to the account without a role: adding rejections to one's own run is how an import reports.
      may: (a) => a.userId === otherUserId,
      row: () => ({ import_run_id: FOREIGN_IMPORT_RUN, row_number: 1, data: {}, errors: ['x'] }),
      },
  },
  shortages: {
    read: (r, a, w) =>
      hasRole(a) &&
      (r.unit_id === a.unitId ||
        a.isAdmin ||
        a.isBuyer ||
        (a.isRep && r.batch_id !== null && w.batches.get(String(r.batch_id))?.status !== 'ABERTO')),
    edit: (r, a) => (r.unit_id === a.unitId && a.perms.has('CREATE_SHORTAGES')) || a.isBuyer,
    content: ['observation', 'available_quantity', 'group_id'],
    ruled: {
      // A unit is corrected only on an open shortage, between units the editor acts on.
      unit_id: (r, a, w) =>
        w.unitIds.filter((u) => u !== r.unit_id && !(openShortage(r) && actsOnUnit(a, r.unit_id) && actsOnUnit(a, u))),
      // Only the arrival of an ordered item is a direct update, and only by someone working in the
      // unit that receives it (issue 22: nobody confirms another unit's delivery); every other step is an RPC's.
      status: (r, a) =>
        SHORTAGE_STATUSES.filter((s) => s !== r.status && !(r.status === 'PEDIDO_ENVIADO' && s === 'ENTREGUE' && worksIn(a, r.unit_id))),
      // Product and quantity change only while open; inside a batch, through update_batch_quantities.
      product_id: (r, _a, w) => (openShortage(r) ? [] : [w.productIds.find((p) => p !== r.product_id)]),
      requested_quantity: (r) => (openShortage(r) ? [] : [Number(r.requested_quantity) + 1]),
    },
    remove: (r, a) => (r.unit_id === a.unitId && a.perms.has('CREATE_SHORTAGES')) || a.isAdmin,
    insert: {
      may: (a) => a.perms.has('CREATE_SHORTAGES'),
      row: (a, w) => ({ product_id: SEEDED_PRODUCT, unit_id: a.unitId ?? w.unitIds[0], requested_quantity: 1, observation: tag }),
      forged: [
        (a, w) => ({ product_id: SEEDED_PRODUCT, unit_id: a.isAdmin ? a.unitId : w.unitIds.find((u) => u !== a.unitId), requested_quantity: 1, observation: tag, ...(a.isAdmin ? { created_by: otherUserId } : {}) }),
        (a, w) => ({ product_id: SEEDED_PRODUCT, unit_id: a.unitId ?? w.unitIds[0], requested_quantity: 1, observation: tag, created_by: otherUserId }),
        (a, w) => ({ product_id: SEEDED_PRODUCT, unit_id: a.unitId ?? w.unitIds[0], requested_quantity: 1, observation: tag, status: 'ENTREGUE' }),
      ],
      cleanup: () => `delete from public.shortages where observation = '${tag}'`,
    },
  },
  quote_batches: {
    read: (r, a) => hasRole(a) && (a.readsPurchasing || (a.isRep && r.status !== 'ABERTO') || r.unit_id === a.unitId),
    edit: (_r, a) => a.isBuyer,
    content: ['name'],
    remove: (_r, a) => a.isBuyer,
    insert: {
      may: (a) => a.isBuyer,
      row: (a) => ({ name: `${tag} lote`, unit_id: a.unitId }),
      forged: [
        (a) => ({ name: `${tag} lote`, unit_id: a.unitId, created_by: otherUserId }),
        (a) => ({ name: `${tag} lote`, unit_id: a.unitId, status: 'EM_COTACAO' }),
      ],
      cleanup: () => `delete from public.quote_batches where name like '${tag}%'`,
    },
  },
  quotes: {
    read: (r, a) => hasRole(a) && (a.readsPurchasing || r.supplier_id === a.supplierId),
    remove: (r, a, w) => r.status === 'EM_ANDAMENTO' && (a.isBuyer || quoteEditable(r.id, a, w)),
    insert: {
      // Buyers open quotes for any supplier; a representative only in its own supplier's name.
      may: (a) => a.isBuyer || a.isRep,
      row: () => ({ batch_id: SEEDED_QUOTING_BATCH, supplier_id: FORGED_SUPPLIER }),
      forged: [
        (a) => (a.isRep ? { batch_id: SEEDED_QUOTING_BATCH, supplier_id: a.supplierId === FORGED_SUPPLIER ? OTHER_SUPPLIER : FORGED_SUPPLIER } : null),
        (a) => ({ batch_id: SEEDED_QUOTING_BATCH, supplier_id: a.supplierId ?? FORGED_SUPPLIER, created_by: otherUserId }),
        (a) => ({ batch_id: SEEDED_QUOTING_BATCH, supplier_id: a.supplierId ?? FORGED_SUPPLIER, status: 'VENCEDORA', selected: true }),
      ],
    },
  },
  quote_items: {
    read: (r, a, w) => hasRole(a) && (a.readsPurchasing || quoteSupplier(r.quote_id, w) === a.supplierId),
    edit: (r, a, w) => quoteEditable(r.quote_id, a, w),
    content: [
      'unit_price', 'minimum_quantity', 'wants_substitute', 'substitute_product_name', 'substitute_manufacturer',
      'has_bonus', 'bonus_product_name', 'bonus_manufacturer', 'bonus_expiry_date', 'bonus_quantity',
    ],
    remove: (r, a, w) => quoteEditable(r.quote_id, a, w),
    insert: {
      may: () => false,
      row: () => ({ quote_id: FOREIGN_QUOTE, shortage_id: FOREIGN_QUOTE_SHORTAGE }),
      },
  },
  purchase_orders: {
    read: (r, a) => hasRole(a) && (a.readsPurchasing || r.supplier_id === a.supplierId),
    // The status follows the units' confirmations (receive_purchase_order, a shortage's 'Entregue'): not a table write.
    edit: (_r, a) => a.isBuyer,
    content: ['delivery_date'],
    remove: (_r, a) => a.isBuyer,
  },
  purchase_order_items: {
    read: (r, a, w) => hasRole(a) && (a.readsPurchasing || w.orders.get(String(r.order_id))?.supplier_id === a.supplierId),
    remove: (_r, a) => a.isBuyer,
  },
  // Issue 28: written by triggers only; a representative never learns how many competitors were asked.
  quote_batch_invitations: {
    read: (r, a) => hasRole(a) && (a.readsPurchasing || (a.isRep && r.supplier_id === a.supplierId)),
  },
};

// Ids of seeded rows the insert templates refer to, filled in beforeAll.
let SEEDED_PRODUCT = '';
let SEEDED_CATEGORY = '';
let SEEDED_QUOTING_BATCH = '';
let FORGED_SUPPLIER = '';
let OTHER_SUPPLIER = '';
let BALCONISTA_ROLE = '';
let MANAGE_USERS_PERMISSION = '';
let FOREIGN_IMPORT_RUN = '';
let FOREIGN_QUOTE = '';
let FOREIGN_QUOTE_SHORTAGE = '';

let db: pg.Client;
let catalog: Catalog;
const actors: Actor[] = [];

async function factsOf(userId: string): Promise<Omit<Actor, 'key' | 'client' | 'anon'>> {
  await db.query('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
    const { rows } = await db.query(`
      select private.current_unit_id() as unit_id, private.current_supplier_id() as supplier_id,
             private.current_role_id() as role_id, private.is_admin() as is_admin, private.is_buyer() as is_buyer,
             private.is_representative() as is_rep, private.can_read_purchasing() as reads_purchasing,
             array(select name from public.permissions where private.has_permission(name)) as perms`);
    const f = rows[0];
    const hasUserUnits = (await db.query(`select to_regclass('public.user_units') is not null as t`)).rows[0].t as boolean;
    const units = hasUserUnits
      ? (await db.query<{ unit_id: string }>(`select unit_id from public.user_units where user_id = $1`, [userId])).rows.map((r) => r.unit_id)
      : [f.unit_id].filter(Boolean);
    return {
      userId,
      unitId: f.unit_id,
      supplierId: f.supplier_id,
      roleId: f.role_id,
      isAdmin: f.is_admin,
      isBuyer: f.is_buyer,
      isRep: f.is_rep,
      readsPurchasing: f.reads_purchasing,
      perms: new Set(f.perms as string[]),
      units,
    };
  } finally {
    await db.query('rollback');
  }
}

async function loadWorld(): Promise<World> {
  const byId = async (query: string): Promise<Map<string, Row>> =>
    new Map((await db.query<{ r: Row }>(query)).rows.map(({ r }) => [String(r.id), r]));
  return {
    batches: await byId(`select to_jsonb(b) as r from public.quote_batches b`),
    quotes: await byId(`select to_jsonb(q) as r from public.quotes q`),
    orders: await byId(`select to_jsonb(o) as r from public.purchase_orders o`),
    importRuns: await byId(`select to_jsonb(i) as r from public.import_runs i`),
    adminRoles: new Set((await db.query<{ id: string }>(`select id from public.custom_roles where is_admin or upper(name) = 'ADMIN'`)).rows.map((r) => r.id)),
    adminUsers: new Set(
      (await db.query<{ id: string }>(`select ur.user_id as id from public.user_roles ur join public.custom_roles cr on cr.id = ur.role_id where cr.is_admin or upper(cr.name) = 'ADMIN'`)).rows.map((r) => r.id),
    ),
    unitIds: (await db.query<{ id: string }>(`select id from public.store_units order by name`)).rows.map((r) => r.id),
    productIds: (await db.query<{ id: string }>(`select id from public.products order by name limit 2`)).rows.map((r) => r.id),
    boletos: await byId(`select to_jsonb(b) - 'linha_digitavel' as r from public.boletos b`),
    shipments: await byId(`select to_jsonb(s) as r from public.shipments s`),
    employeeUnits: new Map(
      (await db.query<{ id: string; units: string[] }>(`select p.id, array(select private.user_unit_ids(p.id)) as units from public.profiles p`)).rows.map((r) => [r.id, r.units]),
    ),
    userUnits: new Map(
      (await db.query<{ id: string; units: string[] }>(`select u.id, array(select private.user_unit_ids(u.id))::text[] as units from auth.users u`)).rows.map((r) => [r.id, r.units]),
    ),
    scheduleTemplates: await byId(`select to_jsonb(t) as r from public.work_schedule_templates t`),
    workSchedules: await byId(`select to_jsonb(ws) as r from public.work_schedules ws`),
    holidays: await byId(`select to_jsonb(h) as r from public.holidays h`),
    notifications: await byId(`select to_jsonb(n) as r from public.notifications n`),
    // ---- Issue 27, Correio (H3) ----
    mailMessages: await byId(`select to_jsonb(m) - 'search' as r from public.mail_messages m`),
    mailRecipients: (await db.query<{ r: Row }>(`select to_jsonb(r) as r from public.mail_recipients r`)).rows.map((x) => x.r),
    purchasingStaff: new Set((await db.query<{ id: string }>(`select id from auth.users where private.is_purchasing_staff(id)`)).rows.map((r) => r.id)),
    // ---- end Correio ----
    documents: await byId(
      `select to_jsonb(d) - 'search' || jsonb_build_object(
         'current', d.archived_at is null and d.valid_from <= private.documents_today() and (d.valid_until is null or d.valid_until >= private.documents_today()),
         'audience', array(select private.audience_user_ids(d.audience_all, d.audience_unit_ids, d.audience_roles))) as r
       from public.documents d`,
    ),
  };
}

async function allRows(table: TableInfo): Promise<Row[]> {
  return (await db.query<{ r: Row }>(`select to_jsonb(t) as r from public.${quoteIdent(table.name)} t limit 2000`)).rows.map((x) => x.r);
}

/**
 * Puts a column back after a write that should have been refused got through, so one
 * missing guard fails its own assertion without moving demo users or rows under the
 * other tests of the run.
 */
async function restore(table: TableInfo, row: Row, column: string): Promise<void> {
  const where = table.primaryKey.map((c, i) => `${quoteIdent(c)} = $${i + 2}`).join(' and ');
  const value = row[column];
  await db.query(
    `update public.${quoteIdent(table.name)} t set ${quoteIdent(column)} = (jsonb_populate_record(null::public.${quoteIdent(table.name)}, jsonb_build_object($1::text, $${table.primaryKey.length + 2}::jsonb))).${quoteIdent(column)} where ${where}`,
    [column, ...table.primaryKey.map((c) => row[c]), JSON.stringify(value)],
  );
}

const keyOf = (table: TableInfo, row: Row): string => JSON.stringify(table.primaryKey.map((c) => row[c]));

async function readBack(table: TableInfo, row: Row): Promise<Row | undefined> {
  const where = table.primaryKey.map((c, i) => `${quoteIdent(c)} = $${i + 1}`).join(' and ');
  const { rows } = await db.query<{ r: Row }>(
    `select to_jsonb(t) as r from public.${quoteIdent(table.name)} t where ${where}`,
    table.primaryKey.map((c) => row[c]),
  );
  return rows[0]?.r;
}

function filterByKey<Q extends { eq: (c: string, v: unknown) => Q }>(query: Q, table: TableInfo, row: Row): Q {
  return table.primaryKey.reduce((q, c) => q.eq(c, row[c]), query);
}

/** Up to two rows of a list: the first and the last, for variety without a flood of requests. */
const sample = <T,>(rows: T[]): T[] => (rows.length <= 2 ? rows : [rows[0]!, rows[rows.length - 1]!]);

async function visibleKeys(a: Actor, table: TableInfo): Promise<Set<string> | null> {
  const { data, error } = await a.client.from(table.name).select(table.primaryKey.join(',')).limit(5000);
  if (error) return null;
  return new Set((data as unknown as Row[]).map((r) => keyOf(table, r)));
}

function reachableTables(role: 'anon' | 'authenticated'): TableInfo[] {
  return [...catalog.tables.values()].filter((t) => reachable(t, role));
}

beforeAll(async () => {
  db = await sql(backend);
  catalog = await loadCatalog(db);
  world = await loadWorld();

  const one = async (query: string): Promise<string> => String((await db.query(query)).rows[0]?.id ?? '');
  SEEDED_PRODUCT = await one(`select id from public.products order by name limit 1`);
  SEEDED_CATEGORY = await one(`select id from public.categories where id not in (select category_id from public.product_categories where product_id = '${SEEDED_PRODUCT}') order by name limit 1`);
  SEEDED_QUOTING_BATCH = await one(`select id from public.quote_batches where status = 'EM_COTACAO' order by created_at limit 1`);
  FORGED_SUPPLIER = await one(`select id from public.suppliers order by name limit 1`);
  OTHER_SUPPLIER = await one(`select id from public.suppliers order by name desc limit 1`);
  BALCONISTA_ROLE = await one(`select id from public.custom_roles where name = 'BALCONISTA'`);
  MANAGE_USERS_PERMISSION = await one(`select id from public.permissions where name = 'MANAGE_USERS'`);
  FOREIGN_QUOTE = await one(`select id from public.quotes order by created_at limit 1`);
  FOREIGN_QUOTE_SHORTAGE = await one(`select shortage_id as id from public.quote_items where quote_id = '${FOREIGN_QUOTE}' limit 1`);
  // Every account has a notification of its own, so reads and open_notification are tried on others' rows.
  await db.query(`select private.notify(array(select id from auth.users), 'ALERTA', '${tag} aviso')`);
  world = await loadWorld();

  // An account that signed up asking for a unit in its metadata and was never given a role.
  const service = serviceClient(backend);
  const email = `${tag}@exemplo.com`;
  const created = await service.auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: true,
    user_metadata: { full_name: `${tag} sem papel`, unit_id: world.unitIds[0] },
  });
  if (created.error) throw created.error;
  otherUserId = created.data.user.id;
  // An import run of that account, in a unit nobody else works in: the rejections target.
  FOREIGN_IMPORT_RUN = await one(
    `insert into public.import_runs (kind, file_name, created_by, unit_id, rows_total)
     values ('products', '${tag}-semente.csv', '${otherUserId}', null, 0) returning id`,
  );
  // A question that account asked the assistant, still open: nobody else may answer it.
  await db.query(`insert into public.ai_chat_log (id, user_id, context, question) values ($1, $2, 'compras', $3)`, [
    FOREIGN_QUESTION_ID,
    otherUserId,
    `${tag} pergunta`,
  ]);
  // A request that account made: its result must never reach anyone else sending the same id.
  await db.query(
    `insert into private.request_log (user_id, request_id, action, result) values ($1, $2, 'add_shortages_to_batch', $3)`,
    [otherUserId, FOREIGN_REQUEST_ID, { added: 0, total: 0, errors: [], name: REQUEST_MARKER, observation: REQUEST_MARKER, leak: REQUEST_MARKER }],
  );
  world = await loadWorld();
  const stranger = await userClient(backend, email, DEMO_PASSWORD);

  // Issue 21: a user manager who is not an administrator (a custom role holding MANAGE_USERS alone), and a
  // clerk disabled while signed in (the token in hand stays valid until it expires).
  const hrRole = await one(`insert into public.custom_roles (name) values ('${tag} RH') returning id`);
  await db.query(`insert into public.role_permissions (role_id, permission) values ($1, 'MANAGE_USERS')`, [hrRole]);
  const extra: { key: string; client: SupabaseClient; userId: string }[] = [];
  for (const [key, roleId, label] of [['rh', hrRole, 'rh'], ['desativado', BALCONISTA_ROLE, 'desativado']] as const) {
    const account = await service.auth.admin.createUser({ email: `${tag}-${label}@exemplo.com`, password: DEMO_PASSWORD, email_confirm: true });
    if (account.error) throw account.error;
    const id = account.data.user.id;
    extraUsers.push(id);
    await db.query(`insert into public.user_roles (user_id, role_id) values ($1, $2)`, [id, roleId]);
    await db.query(`insert into public.user_units (user_id, unit_id) values ($1, $2)`, [id, world.unitIds[0]]);
    await db.query(`update public.profiles set full_name = $2, unit_id = $3 where id = $1`, [id, `${tag} ${label}`, world.unitIds[0]]);
    extra.push({ key, client: await userClient(backend, `${tag}-${label}@exemplo.com`, DEMO_PASSWORD), userId: id });
  }
  const ban = await service.auth.admin.updateUserById(extra[1]!.userId, { ban_duration: '24h' });
  if (ban.error) throw ban.error;
  world = await loadWorld();

  const signedIn = await Promise.all(DEMO_USER_KEYS.map(async (key) => ({ key: key as string, ...(await signInAs(backend, key)) })));
  for (const { key, client, userId } of [...signedIn, { key: 'sem papel', client: stranger, userId: otherUserId }, ...extra]) {
    actors.push({ key, client, anon: false, ...(await factsOf(userId)) });
  }
  actors.push({
    key: 'anon', client: anonClient(backend), anon: true, userId: null, unitId: null, supplierId: null, roleId: null,
    isAdmin: false, isBuyer: false, isRep: false, readsPurchasing: false, perms: new Set(), units: [],
  });
}, 120_000);

afterAll(async () => {
  if (!db) return;
  // Forged inserts are refused; if a guard is missing the test fails, and this removes what got in.
  for (const plan of Object.values(PLANS)) if (plan.insert?.cleanup) await db.query(plan.insert.cleanup()).catch(() => undefined);
  await db.query(`delete from public.import_runs where file_name like '${tag}%'`);
  await db.query('delete from private.request_log where request_id = $1', [FOREIGN_REQUEST_ID]);
  if (otherUserId) await serviceClient(backend).auth.admin.deleteUser(otherUserId);
  for (const id of extraUsers) await serviceClient(backend).auth.admin.deleteUser(id);
  await db.query(`delete from public.custom_roles where name = '${tag} RH'`);
  await db.end();
});

describe('the attack surface is fully planned', () => {
  it('every table an API role can reach has a plan, and every updatable column is content or has a rule', () => {
    const missing: string[] = [];
    for (const table of reachableTables('authenticated')) {
      const plan = PLANS[table.name];
      if (!plan) {
        missing.push(`table ${table.name}: no plan`);
        continue;
      }
      if (table.primaryKey.length === 0) missing.push(`table ${table.name}: no primary key to target rows`);
      const planned = new Set([...(plan.content ?? []), ...Object.keys(plan.ruled ?? {})]);
      for (const column of table.grants.authenticated.update) {
        if (!planned.has(column)) missing.push(`${table.name}.${column}: updatable but neither content nor ruled (narrow the grant or plan it)`);
      }
      if (table.grants.authenticated.insert.length > 0 && !plan.insert) missing.push(`${table.name}: insertable without an insert plan`);
      if (table.grants.authenticated.table.has('DELETE') && !plan.remove) missing.push(`${table.name}: deletable without a delete rule`);
    }
    for (const fn of catalog.functions) if (!RPC_PLANS[fn.name]) missing.push(`rpc ${fn.name}(${fn.args}): no plan`);
    expect(missing).toEqual([]);
  });

  it('anon reaches no table, and only the RPCs the public pages need', () => {
    expect(reachableTables('anon').map((t) => t.name)).toEqual([]);
    expect(catalog.functions.filter((f) => f.anon).map((f) => f.name).sort()).toEqual([...ANON_RPCS].sort());
  });
});

describe.each(['admin', 'balconista', 'balconista2', 'farmaceutico', 'compras', 'representante', 'representante2', 'analista', 'sem papel', 'rh', 'desativado', 'anon'])(
  'as %s',
  (key) => {
    const actor = (): Actor => actors.find((a) => a.key === key)!;

    // Other suites run meanwhile on the same database: read the caller's unit, role and
    // assignments again right before attacking, so a legitimate change is not taken for a hole.
    beforeEach(async () => {
      const a = actor();
      if (a.userId) Object.assign(a, await factsOf(a.userId));
      world = await loadWorld();
    });

    it('reads only the rows its rules allow', async () => {
      const a = actor();
      const leaks: string[] = [];
      for (const table of reachableTables('authenticated')) {
        const plan = PLANS[table.name];
        if (!plan) continue;
        const { data, error } = await a.client.from(table.name).select('*').limit(5000);
        if (error) {
          // A refusal leaks nothing; but a signed-in user with a role must be able to read its screens' tables.
          if (!['42501', 'PGRST301'].includes(error.code)) leaks.push(`${table.name}: ${error.code} ${error.message}`);
          continue;
        }
        for (const row of data as Row[]) {
          if (!plan.read(row, a, world)) leaks.push(`${table.name} ${keyOf(table, row)}`);
        }
      }
      expect(leaks).toEqual([]);
    });

    it('cannot change or delete rows it must not edit, through any updatable column', async () => {
      const a = actor();
      const changed: string[] = [];
      for (const table of reachableTables('authenticated')) {
        const plan = PLANS[table.name];
        if (!plan) continue;
        const visible = (await visibleKeys(a, table)) ?? new Set<string>();
        const rows = await allRows(table);
        const foreign = sample(rows.filter((r) => !visible.has(keyOf(table, r))));
        const notEditable = sample(rows.filter((r) => visible.has(keyOf(table, r)) && !(plan.edit?.(r, a, world) ?? false)));
        for (const row of [...foreign, ...notEditable]) {
          for (const column of table.grants.authenticated.update) {
            const info = table.columns.get(column)!;
            const forged = await forgeValue(db, info, row[column], tag);
            const result = await filterByKey(a.client.from(table.name).update({ [column]: forged }), table, row).select(table.primaryKey.join(','));
            const after = await readBack(table, row);
            if ((result.data?.length ?? 0) > 0 || (after && !sameValue(after[column], row[column]))) {
              await restore(table, row, column);
              changed.push(`${table.name}.${column} ${keyOf(table, row)} -> ${JSON.stringify(forged)}`);
            }
          }
        }
        const notDeletable = sample(rows.filter((r) => !(visible.has(keyOf(table, r)) && (plan.remove?.(r, a, world) ?? false))));
        if (table.grants.authenticated.table.has('DELETE')) {
          for (const row of notDeletable) {
            const result = await filterByKey(a.client.from(table.name).delete(), table, row).select(table.primaryKey.join(','));
            if ((result.data?.length ?? 0) > 0 || !(await readBack(table, row))) changed.push(`${table.name} deleted ${keyOf(table, row)}`);
          }
        }
      }
      expect(changed).toEqual([]);
      // Every updatable column of every sampled row, one request each: slow on a loaded machine.
    }, 90_000);

    it('is refused, with 42501 and no change, when it forges a ruled column on a row it may otherwise edit', async () => {
      const a = actor();
      const accepted: string[] = [];
      for (const table of reachableTables('authenticated')) {
        const plan = PLANS[table.name];
        if (!plan?.ruled || !plan.edit) continue;
        const visible = (await visibleKeys(a, table)) ?? new Set<string>();
        const rows = (await allRows(table)).filter((r) => visible.has(keyOf(table, r)) && plan.edit!(r, a, world));
        for (const row of sample(rows)) {
          for (const [column, forgeries] of Object.entries(plan.ruled)) {
            if (!table.grants.authenticated.update.includes(column)) continue;
            for (const forged of forgeries(row, a, world)) {
              const result = await filterByKey(a.client.from(table.name).update({ [column]: forged }), table, row).select(table.primaryKey.join(','));
              const after = await readBack(table, row);
              if (result.error?.code !== '42501' || (after && !sameValue(after[column], row[column]))) {
                await restore(table, row, column);
                accepted.push(`${table.name}.${column} ${keyOf(table, row)} -> ${JSON.stringify(forged)}: ${result.error?.code ?? 'accepted'}`);
              }
            }
          }
        }
      }
      expect(accepted).toEqual([]);
    });

    it('cannot insert where it has no right, nor insert rows with forged ownership', async () => {
      const a = actor();
      const accepted: string[] = [];
      for (const table of reachableTables('authenticated')) {
        const plan = PLANS[table.name];
        if (!plan?.insert || table.grants.authenticated.insert.length === 0) continue;
        const attempts = [...(plan.insert.may(a) ? [] : [plan.insert.row(a, world)]), ...(plan.insert.forged ?? []).flatMap((f) => f(a, world) ?? [])];
        for (const row of attempts) {
          const result = await a.client.from(table.name).insert(row as never).select();
          if (!result.error || !['42501', 'PGRST301'].includes(result.error.code)) {
            accepted.push(`${table.name} ${JSON.stringify(row)}: ${result.error ? `${result.error.code} ${result.error.message}` : 'inserted'}`);
          }
        }
      }
      expect(accepted).toEqual([]);
    });

    it('gets nothing from any RPC called with other units\', suppliers\' and users\' ids', async () => {
      const a = actor();
      const wrong: string[] = [];
      for (const fn of catalog.functions) {
        if (a.anon ? !fn.anon : !fn.authenticated) continue;
        const plan = RPC_PLANS[fn.name];
        if (!plan) continue;
        for (const attempt of plan(a, world)) {
          const result = await a.client.rpc(fn.name, attempt.args);
          const verdict = attempt.expect(result as { data: unknown; error: { code: string; message: string } | null });
          if (verdict !== true) wrong.push(`${fn.name}(${JSON.stringify(attempt.args)}): ${verdict}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  },
);

// ---------------------------------------------------------------------------
// RPCs: per function, the attacks a caller tries, each with what must happen.

type RpcResult = { data: unknown; error: { code: string; message: string } | null };
interface RpcAttempt {
  args: Record<string, unknown>;
  /** true when the outcome is safe, else a description of what went wrong. */
  expect: (r: RpcResult) => true | string;
}
type RpcPlan = (a: Actor, w: World) => RpcAttempt[];

/** Refused: an error, or the `{success: false}` answer the winner selection gives the screen. */
const refused = (r: RpcResult): true | string =>
  r.error || (r.data as { success?: boolean } | null)?.success === false ? true : `accepted: ${JSON.stringify(r.data).slice(0, 120)}`;
const emptyOrRefused = (r: RpcResult): true | string => {
  if (r.error) return true;
  const d = r.data;
  if (d === null || (Array.isArray(d) && d.length === 0) || d === 0) return true;
  return `returned ${JSON.stringify(d).slice(0, 160)}`;
};
const when = (cond: boolean, attempts: RpcAttempt[]): RpcAttempt[] => (cond ? attempts : []);

/** A row of a table the caller must not act on, from the superuser's view. */
function pick(w: World, map: 'batches' | 'quotes' | 'orders', test: (r: Row) => boolean): string | undefined {
  return [...w[map].values()].find(test)?.id as string | undefined;
}

const otherUnit = (a: Actor, w: World): string => w.unitIds.find((u) => u !== a.unitId && !a.units.includes(u)) ?? w.unitIds[0]!;

const ANON_RPCS = ['list_unit_names', 'get_shipment_for_signature', 'sign_shipment'];

/**
 * A request id the account without a role already used, kept in private.request_log with a marker result (as a
 * batch name, a shortage observation and a plain key, so every RPC's replay would show it). Anyone else sending that
 * id gets a call of its own, never that result.
 */
const FOREIGN_REQUEST_ID = randomUUID();
const REQUEST_MARKER = `${tag}-resultado-de-outro`;
const notForeignResult = (r: RpcResult): true | string =>
  JSON.stringify(r.data ?? null).includes(REQUEST_MARKER) ? `returned another user's result: ${JSON.stringify(r.data).slice(0, 120)}` : true;
/** The call again with another user's request id (the owner itself excluded: its own result is its to get). */
const withForeignRequest = (a: Actor, args: Record<string, unknown>, name = 'p_request_id'): RpcAttempt[] =>
  when(a.userId !== otherUserId, [{ args: { ...args, [name]: FOREIGN_REQUEST_ID }, expect: notForeignResult }]);

/** An open assistant question of the account without a role (ai_chat_log): nobody else may close it. */
const FOREIGN_QUESTION_ID = randomUUID();

const RPC_PLANS: Record<string, RpcPlan> = {
  // Issue 29: only ADMIN or ADMIN_ACCESS on an active account opens a question (never in another context); nobody
  // answers a question someone else opened.
  ai_chat_open: (a) => [
    { args: { p_context: 'painel', p_question: 'quem ganhou mais?' }, expect: refused },
    ...when(!((a.isAdmin || a.perms.has('ADMIN_ACCESS')) && activeReader(a)), [
      { args: { p_context: 'compras', p_question: 'quem ganhou mais?' }, expect: refused },
    ]),
  ],
  ai_chat_close: (a) =>
    when(a.userId !== otherUserId, [
      {
        args: { p_id: FOREIGN_QUESTION_ID, p_answer: 'forjada', p_tool: null, p_filters: null, p_row_count: 0, p_source: 'built-in' },
        expect: refused,
      },
    ]),
  // Purchasing actions: only buyers act; everyone else is refused whatever the ids.
  // Each create RPC with a request id is also called with another user's id: nothing of that user's result comes back.
  add_shortages_to_batch: (a, w) => [
    ...when(!a.isBuyer, [{ args: { p_batch_id: pick(w, 'batches', () => true), p_shortage_ids: [] }, expect: refused }]),
    ...withForeignRequest(a, { p_batch_id: pick(w, 'batches', () => true), p_shortage_ids: [] }),
  ],
  assign_shortage_to_batch: (a, w) => [
    ...when(!a.isBuyer, [{ args: { shortage_id: '00000000-0000-4000-8000-000000000001', batch_id: pick(w, 'batches', () => true) }, expect: refused }]),
    ...withForeignRequest(a, { shortage_id: '00000000-0000-4000-8000-000000000001', batch_id: pick(w, 'batches', () => true) }, 'request_id'),
  ],
  create_quote_batch: (a, w) => [
    ...when(!a.isBuyer, [{ args: { p_unit_id: otherUnit(a, w), p_shortage_ids: [], p_name: `${tag} lote` }, expect: refused }]),
    ...withForeignRequest(a, { p_unit_id: otherUnit(a, w), p_shortage_ids: [], p_name: `${tag} lote` }),
  ],
  delete_quote_batch: (a, w) => when(!a.isBuyer, [{ args: { p_batch_id: pick(w, 'batches', () => true) }, expect: refused }]),
  remove_shortage_from_batch: (a, w) =>
    when(!a.isBuyer, [{ args: { p_shortage_id: '00000000-0000-4000-8000-000000000001', p_batch_id: pick(w, 'batches', () => true) }, expect: refused }]),
  set_batch_status: (a, w) => [
    ...when(!a.isBuyer, [{ args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'EM_COTACAO'), p_status: 'FECHADO' }, expect: refused }]),
    ...withForeignRequest(a, { p_batch_id: pick(w, 'batches', (b) => b.status === 'EM_COTACAO'), p_status: 'FECHADO' }),
  ],
  update_batch_quantities: (a, w) =>
    when(!a.isBuyer, [{ args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'ABERTO') ?? pick(w, 'batches', () => true), p_requested_quantity: 999 }, expect: refused }]),
  generate_purchase_orders: (a, w) => [
    ...when(!a.isBuyer, [
      { args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'EM_COTACAO'), p_delivery_date: '2030-01-01' }, expect: refused },
      {
        args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'COTACAO_FINALIZADA'), p_raise_to_minimum: [], p_request_id: randomUUID() },
        expect: refused,
      },
    ]),
    // Even a buyer cannot raise a line that is not a winning line below its minimum (nothing is generated).
    ...when(a.isBuyer, [
      {
        args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'COTACAO_FINALIZADA'), p_raise_to_minimum: ['00000000-0000-4000-8000-000000000001'] },
        expect: refused,
      },
    ]),
  ],
  // Receiving an order is the buyers'; no unit's delivery is confirmed by a stranger.
  receive_purchase_order: (a, w) =>
    when(!a.isBuyer, [
      { args: { p_order_id: pick(w, 'orders', (o) => o.status === 'SOLICITADO') }, expect: refused },
      // Issue 28: with counted quantities (p_received, defaulted so the one-argument call still works).
      { args: { p_order_id: pick(w, 'orders', (o) => o.status === 'SOLICITADO'), p_received: [] }, expect: refused },
    ]),
  // The order behind a shortage: for its unit's people and purchasing readers only.
  get_shortage_order: (a) =>
    when(!a.isAdmin && !a.readsPurchasing, (foreignOrderedShortageIds.get(a.key) ?? []).map((id) => ({ args: { p_shortage_id: id }, expect: emptyOrRefused }))),
  // With or without the comparison's version (issue 22: p_version, defaulted so spec §7's two-argument call works).
  select_winning_quotes_native: (a, w) =>
    when(!a.isBuyer, [
      { args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'EM_COTACAO'), p_quote_items: [] }, expect: refused },
      { args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'EM_COTACAO'), p_quote_items: [], p_version: 'forged' }, expect: refused },
    ]),
  get_batch_comparison: (a, w) =>
    when(!a.readsPurchasing, [
      { args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'EM_COTACAO') }, expect: emptyOrRefused },
      // Issue 28: with the buyer's cost of money (p_monthly_rate, defaulted).
      { args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'EM_COTACAO'), p_monthly_rate: 0.02 }, expect: emptyOrRefused },
      // Issue 30: with the checksum of a document held (p_known_checksum, defaulted), a guessed one included.
      { args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'EM_COTACAO'), p_monthly_rate: 0.02, p_known_checksum: 'forged' }, expect: emptyOrRefused },
    ]),
  // Quotes: a representative acts only on its own supplier's quotes.
  delete_quote: (a, w) =>
    when(!a.isBuyer, [{ args: { p_quote_id: pick(w, 'quotes', (q) => q.supplier_id !== a.supplierId) }, expect: refused }]),
  submit_quote: (a, w) =>
    // Buyers may send a quote on a supplier's behalf (one dictated by phone); nobody else sends another's, with or
    // without the list of items as shown (issue 22: p_expected_items, defaulted).
    when(!a.isBuyer, [
      { args: { p_quote_id: pick(w, 'quotes', (q) => q.supplier_id !== a.supplierId && q.status === 'EM_ANDAMENTO') }, expect: refused },
      { args: { p_quote_id: pick(w, 'quotes', (q) => q.supplier_id !== a.supplierId && q.status === 'EM_ANDAMENTO'), p_expected_items: [] }, expect: refused },
    ]),
  get_or_create_quote: (a, w) =>
    when(!a.isRep, [{ args: { p_batch_id: pick(w, 'batches', (b) => b.status === 'EM_COTACAO') }, expect: refused }]),
  get_representative_dashboard: (a, w) => {
    const other = [...new Set([...w.quotes.values()].map((q) => q.supplier_id))].find((s) => s !== a.supplierId);
    return when(!a.isAdmin, [{ args: { p_supplier_id: other }, expect: emptyOrRefused }]);
  },
  // Analyses of purchasing: purchasing readers only.
  get_supplier_win_rates: (a) => when(!a.readsPurchasing, [{ args: { p_from: '2000-01-01', p_to: '2100-01-01' }, expect: emptyOrRefused }]),
  // A representative sees its own supplier's winning items (/itens-vitoriosos), never another's.
  get_winning_items: (a, w) =>
    when(!a.readsPurchasing, [
      {
        args: { p_from: '2000-01-01', p_to: '2100-01-01' },
        expect: (r) => {
          if (r.error) return true;
          const foreign = (r.data as Row[]).filter((row) => quoteSupplier(row.quote_id, w) !== a.supplierId || !a.supplierId);
          return foreign.length === 0 ? true : `${foreign.length} items of other suppliers`;
        },
      },
    ]),
  // Shortage reads: another unit's id gives nothing to a caller bound to its own unit.
  search_shortages: (a, w) =>
    when(!a.isAdmin && !a.isBuyer, [
      {
        args: { p_status: null, p_from: null, p_to: null, p_search: null, p_unit_id: otherUnit(a, w), p_before_created_at: null, p_before_id: null, p_limit: 50 },
        expect: (r) => (r.error || (r.data as Row[]).every((row) => row.unit_id === a.unitId) ? true : `another unit's rows: ${(r.data as Row[]).length}`),
      },
    ]),
  count_shortages: (a, w) =>
    when(!a.isAdmin && !a.isBuyer, [
      { args: { p_status: null, p_from: null, p_to: null, p_search: null, p_unit_id: otherUnit(a, w) }, expect: (r) => (r.error || r.data === 0 || r.data === ownCount(a) ? true : `counted ${JSON.stringify(r.data)}`) },
    ]),
  find_open_shortage: (a, w) => when(!a.isAdmin && !a.isBuyer, [{ args: { p_product_id: SEEDED_PRODUCT, p_unit_id: otherUnit(a, w) }, expect: emptyOrRefused }]),
  get_shortage_dependencies: (a) =>
    when(!a.isAdmin && !a.isBuyer, [{ args: { p_shortage_ids: foreignShortages(a) }, expect: emptyOrRefused }]),
  // Imports: only the permission holders, and shortages only into one's own unit.
  // With another user's request id, an empty file: refused for everyone, never that user's summary.
  import_products: (a) => [
    ...when(!a.perms.has('MANAGE_PRODUCTS'), [{ args: { p_file_name: `${tag}.csv`, p_rows: [], p_dry_run: true }, expect: refused }]),
    ...withForeignRequest(a, { p_file_name: `${tag}.csv`, p_rows: [] }),
  ],
  import_shortages: (a, w) => [
    ...when(!a.isAdmin, [{ args: { p_file_name: `${tag}.csv`, p_rows: [{ codigo: '7891000000001', quantidade: 1 }], p_unit_id: otherUnit(a, w), p_dry_run: true }, expect: refused }]),
    ...withForeignRequest(a, { p_file_name: `${tag}.csv`, p_rows: [] }),
  ],
  // People: e-mails only to user managers and to oneself.
  list_basic_users: (a) => [
    {
      args: {},
      expect: (r) => {
        if (r.error) return a.anon || !hasRole(a) ? true : `refused: ${r.error.message}`;
        const rows = r.data as Row[];
        if (a.isAdmin || a.perms.has('MANAGE_USERS')) return true;
        const leaked = rows.filter((u) => u.email && u.id !== a.userId);
        return leaked.length === 0 ? true : `${leaked.length} e-mails of others`;
      },
    },
  ],
  // The register page lists units by name: ids and names, nothing else.
  list_unit_names: () => [
    {
      args: {},
      expect: (r) => (r.error || (r.data as Row[]).every((u) => Object.keys(u).sort().join() === 'id,name') ? true : `columns ${Object.keys((r.data as Row[])[0] ?? {}).join()}`),
    },
  ],
  // Menus and home cards of a role are configuration every signed-in user may read (the tables
  // role_menu_paths and role_homepage_actions are readable too); nothing to forge.
  get_visible_menu_paths: () => [],
  get_visible_homepage_actions: () => [],
  // The catalogue's version (the browser's copy of /produtos is shown again only under it): a number for whoever may
  // read the products (an active account with a role or a permission), null for a disabled or roleless account.
  get_catalogue_version: (a) => [
    {
      args: {},
      expect: (r) => {
        if (r.error) return a.anon ? true : `refused: ${r.error.message}`;
        const reads = activeReader(a) && staff({}, a, {} as World);
        if (reads) return typeof r.data === 'number' ? true : `no version (${JSON.stringify(r.data)})`;
        return r.data === null ? true : `version ${JSON.stringify(r.data)} for a caller who may not read the products`;
      },
    },
  ],
  // User administration: the users list (emails, last sign-in) is for user administrators only.
  admin_list_users: (a, w) =>
    a.isAdmin
      ? []
      : a.perms.has('MANAGE_USERS')
        ? // A user manager lists everyone, but may act on no administrator and not on itself (can_manage).
          [
            {
              args: { p_limit: 200 },
              expect: (r) => {
                if (r.error) return `refused: ${r.error.message}`;
                const wrong = (r.data as Row[]).filter((row) => row.can_manage && (w.adminUsers.has(String(row.id)) || row.id === a.userId));
                return wrong.length === 0 ? true : `can_manage on ${wrong.length} administrators or itself`;
              },
            },
          ]
        : [{ args: {}, expect: refused }],
  // admin-users asks this before any service-role action: only ADMIN acts on an administrator or hands out an admin role.
  admin_check_account: (a, w) =>
    a.isAdmin
      ? []
      : [
          { args: { p_user_id: [...w.adminUsers][0] }, expect: refused },
          { args: { p_user_id: otherUserId, p_role_id: [...w.adminRoles][0] }, expect: refused },
          ...when(!a.perms.has('MANAGE_USERS'), [{ args: { p_user_id: otherUserId }, expect: refused }]),
        ],
  // Granting oneself an admin role through the access RPC is refused to everyone but an administrator.
  admin_set_user_access: (a, w) =>
    when(!a.isAdmin, [
      {
        args: {
          p_user_id: a.userId ?? otherUserId,
          p_full_name: 'Eu mesmo',
          p_role_id: [...w.adminRoles][0],
          p_unit_ids: w.unitIds,
          p_unit_id: null,
          p_permission_ids: [],
        },
        expect: refused,
      },
      // An administrator's access (p_role_id null used to blank its units and name): never a non-admin's to write.
      {
        args: { p_user_id: [...w.adminUsers][0], p_full_name: 'Tomada', p_role_id: null, p_unit_ids: [], p_unit_id: null, p_permission_ids: [] },
        expect: refused,
      },
    ]),
  // Roles: nobody but an administrator turns a role into an admin role.
  admin_save_role: (a) =>
    when(!a.isAdmin, [
      {
        args: { p_role_id: a.roleId, p_name: `${tag} perfil`, p_is_admin: true, p_permissions: [], p_menu_paths: [], p_home_actions: [] },
        expect: refused,
      },
    ]),
  // Time clock: the term and the computers are the administrators'; an unknown device token never punches;
  // consents and timesheets are always the caller's own (auth.uid()), nothing to forge.
  publish_lgpd_term: (a) => when(!a.isAdmin, [{ args: { p_versao: `${tag} termo`, p_texto: 'texto forjado' }, expect: refused }]),
  authorize_computer: (a, w) => when(!a.isAdmin, [{ args: { p_name: `${tag} computador`, p_unit_id: w.unitIds[0] }, expect: refused }]),
  register_punch: () => [{ args: { p_device_token: `${tag}-forjado` }, expect: refused }],
  // Which computer a token is: a forged token learns nothing (null), whoever asks.
  get_punch_computer: () => [{ args: { p_device_token: `${tag}-forjado` }, expect: emptyOrRefused }],
  record_lgpd_consent: () => [],
  // Schedules: everything about another unit's employee or unit is refused; templates are ADMIN's and PUNCH_MANAGE's;
  // a chain-wide holiday is ADMIN's alone. National holidays are public knowledge.
  list_national_holidays: () => [],
  expected_day: (a, w) => foreignEmployees(a, w, viewsEmployeeTime).map((id) => ({ args: { p_user_id: id, p_day: '2026-11-16' }, expect: refused })),
  check_work_schedule_assignment: (a, w) =>
    foreignEmployees(a, w, managesEmployeeTime).map((id) => ({ args: { p_user_id: id, p_template_id: [...w.scheduleTemplates.keys()][0], p_valid_from: '2028-01-03' }, expect: refused })),
  assign_work_schedule: (a, w) =>
    foreignEmployees(a, w, managesEmployeeTime).map((id) => ({ args: { p_user_id: id, p_template_id: [...w.scheduleTemplates.keys()][0], p_valid_from: '2028-01-03' }, expect: refused })),
  end_work_schedule: (a, w) =>
    [...w.workSchedules.values()].filter((ws) => !managesEmployeeTime(ws.user_id, a, w)).slice(0, 1).map((ws) => ({ args: { p_id: ws.id, p_valid_to: '2030-01-01' }, expect: refused })),
  delete_work_schedule: (a, w) =>
    [...w.workSchedules.values()].filter((ws) => !managesEmployeeTime(ws.user_id, a, w)).slice(0, 1).map((ws) => ({ args: { p_id: ws.id }, expect: refused })),
  save_work_schedule_template: (a) =>
    when(!editsScheduleTemplates(a), [{ args: { p_id: null, p_name: `${tag} modelo`, p_kind: 'weekly', p_cycle_days: 7, p_days: WEEK_DAYS }, expect: refused }]),
  delete_work_schedule_template: (a, w) => when(!editsScheduleTemplates(a), [...w.scheduleTemplates.keys()].slice(0, 1).map((id) => ({ args: { p_id: id }, expect: refused }))),
  save_holiday: (a, w) => [
    ...when(!a.isAdmin, [{ args: { p_day: '2031-03-03', p_name: `${tag} feriado`, p_scope: 'estadual', p_unit_id: null }, expect: refused }]),
    ...w.unitIds.filter((u) => !managesUnitTime(u, a)).slice(0, 1).map((u) => ({ args: { p_day: '2031-03-03', p_name: `${tag} feriado`, p_scope: 'municipal', p_unit_id: u }, expect: refused })),
  ],
  delete_holiday: (a, w) =>
    [...w.holidays.values()].filter((h) => (h.unit_id === null ? !a.isAdmin : !managesUnitTime(h.unit_id, a))).slice(0, 2).map((h) => ({ args: { p_id: h.id }, expect: refused })),
  set_unit_opening_hours: (a, w) =>
    w.unitIds.filter((u) => !managesUnitTime(u, a)).slice(0, 1).map((u) => ({ args: { p_unit_id: u, p_hours: [{ weekday: 1, opens: '03:00', closes: '04:00' }] }, expect: refused })),
  get_my_monthly_timesheet: () => [],
  // Treatment (issue 25): another scope's employee or unit is refused; requests and acknowledgements are the
  // caller's own (auth.uid()); an attachment outside the employee's folder, a forged hash, unknown ids refused.
  get_treated_timesheet: (a, w) => (unseenEmployee(a, w) ? [{ args: { p_user_id: unseenEmployee(a, w), p_month: '2026-09-01' }, expect: refused }] : []),
  get_hour_bank: (a, w) => (unseenEmployee(a, w) ? [{ args: { p_user_id: unseenEmployee(a, w) }, expect: refused }] : []),
  // Issue 26: another scope's employee record is refused, read or written (a refused write keeps the CPF: p_cpf null).
  // Issue 27: someone else's notification is unknown (PT404); marking ids of others changes nothing (checked by the
  // notifications plan: no row changes hands).
  open_notification: (a, w) => [...w.notifications.values()].filter((n) => n.user_id !== a.userId).slice(0, 1).map((n) => ({ args: { p_id: n.id }, expect: refused })),
  mark_notifications_read: () => [],
  // Issue 27 documents: publishing and managing are for publishers; reading, receipts, replies and actions only on
  // documents the caller sees (an unseen one is PT404, no probing); a unit's action only for the caller's units.
  save_document: (a, w) => [
    ...when(!publishesDocuments(a), [
      { args: { p_id: null, p_request_id: randomUUID(), p_document: { title: `${tag} forjado`, body: 'x', audience_all: true } }, expect: refused },
      ...[...w.documents.values()].slice(0, 1).map((d) => ({
        args: { p_id: d.id, p_request_id: randomUUID(), p_document: { title: `${tag} forjado`, body: 'x', audience_all: true } },
        expect: refused,
      })),
    ]),
    // Another user's request id with an empty title: never that user's result.
    ...withForeignRequest(a, { p_id: null, p_document: { title: '', body: '' } }),
  ],
  archive_document: (a, w) => when(!publishesDocuments(a), [...w.documents.values()].slice(0, 1).map((d) => ({ args: { p_id: d.id }, expect: refused }))),
  add_document_file: (_a, w) => {
    const [first, second] = [...w.documents.values()];
    return first && second
      ? [{ args: { p_document_id: first.id, p_path: `${String(second.id)}/${tag}.pdf`, p_file_name: 'x.pdf', p_mime_type: 'application/pdf', p_size_bytes: 10 }, expect: refused }]
      : [];
  },
  remove_document_file: () => [{ args: { p_id: randomUUID() }, expect: refused }],
  list_documents: (a, w) => [
    ...when(!publishesDocuments(a), [{ args: { p_filter: 'GERENCIAR' }, expect: refused }]),
    {
      args: { p_limit: 100 },
      expect: (r) => {
        if (r.error) return true;
        const foreign = (r.data as { items: Row[] }).items.filter((d) => !seesDocument(w.documents.get(String(d.id)), a));
        return foreign.length === 0 ? true : `${foreign.length} documents the caller must not see`;
      },
    },
  ],
  get_document: (a, w) => unseenDocuments(a, w).map((d) => ({ args: { p_id: d.id }, expect: refused })),
  record_document_read: (a, w) => unseenDocuments(a, w).map((d) => ({ args: { p_document_id: d.id }, expect: refused })),
  acknowledge_document: (a, w) => unseenDocuments(a, w, (d) => d.demand !== 'NENHUMA').map((d) => ({ args: { p_document_id: d.id, p_version: d.version }, expect: refused })),
  add_document_reply: (a, w) => unseenDocuments(a, w, (d) => d.allow_replies === true).map((d) => ({ args: { p_document_id: d.id, p_body: `${tag} forjada` }, expect: refused })),
  confirm_document_action: (a, w) =>
    when(
      !a.isAdmin,
      [...w.documents.values()]
        .filter((d) => d.demand === 'ACAO')
        .slice(0, 1)
        .flatMap((d) =>
          w.unitIds
            .filter((u) => !callerUnits(a).includes(u))
            .slice(0, 1)
            .map((u) => ({ args: { p_document_id: d.id, p_request_id: randomUUID(), p_unit_id: u, p_lot: `${tag}`, p_quantity: 1 }, expect: refused })),
        ),
    ),
  get_document_receipts: (a, w) => when(!publishesDocuments(a), [...w.documents.values()].slice(0, 1).map((d) => ({ args: { p_document_id: d.id }, expect: refused }))),
  remind_document_pending: (a, w) =>
    when(!publishesDocuments(a), [...w.documents.values()].slice(0, 1).map((d) => ({ args: { p_document_id: d.id }, expect: refused }))),
  count_pending_documents: () => [],
  // Issue 27, /fluxo-processo: no argument to forge; security invoker, so every count reads through the caller's
  // own RLS (tests/integration/app/process-flow.test.ts checks each role's counts against its own reads).
  get_process_flow: () => [],
  get_employee_record: (a, w) => foreignEmployees(a, w, viewsEmployeeRecord).map((id) => ({ args: { p_user_id: id }, expect: refused })),
  set_employee_record: (a, w) =>
    foreignEmployees(a, w, editsEmployeeRecord).map((id) => ({
      args: { p_user_id: id, p_cpf: null, p_admission_date: '2020-01-02', p_job_title: `${tag} cargo forjado` },
      expect: refused,
    })),
  get_espelho: (a, w) => (unseenEmployee(a, w) ? [{ args: { p_user_id: unseenEmployee(a, w), p_month: '2026-09-01' }, expect: refused }] : []),
  add_punch_adjustment: (a, w) =>
    untreatedEmployee(a, w)
      ? [{ args: { p_user_id: untreatedEmployee(a, w), p_work_date: '2026-09-01', p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: `${tag} forjado` }, expect: refused }]
      : [],
  set_hour_bank_agreement: (a, w) =>
    untreatedEmployee(a, w) ? [{ args: { p_user_id: untreatedEmployee(a, w), p_tipo: 'anual', p_valid_from: '2001-01-01' }, expect: refused }] : [],
  revoke_punch_adjustment: () => [{ args: { p_id: randomUUID(), p_motivo: 'forjado' }, expect: refused }],
  decide_punch_adjustment_request: () => [{ args: { p_id: randomUUID(), p_aprovar: true, p_motivo: 'forjado' }, expect: refused }],
  request_punch_adjustment: () => [
    { args: { p_work_date: '2000-01-03', p_kind: 'abono', p_abono_tipo: 'folga', p_motivo: 'forjado', p_anexo_path: `${randomUUID()}/x.jpg` }, expect: refused },
  ],
  acknowledge_espelho: () => [{ args: { p_month: '2000-01-01', p_concorda: true, p_sha256: '0'.repeat(64) }, expect: refused }],
  list_punch_requests: (a, w) => [
    {
      args: {},
      expect: (r) => {
        if (r.error) return true;
        const foreign = (r.data as Row[]).filter((row) => row.funcionario_id !== a.userId && !seesEmployeeTime(row.funcionario_id, a, w));
        return foreign.length === 0 ? true : `${foreign.length} requests of employees out of scope`;
      },
    },
  ],
  count_pending_punch_requests: () => [],
  // Closing: never attempted as an administrator (it would close a real month); others, on a unit not theirs.
  close_timesheet_month: (a, w) => when(!a.isAdmin && !timeUnits(a).includes(otherUnit(a, w)), [{ args: { p_unit_id: otherUnit(a, w), p_month: '2000-01-01' }, expect: refused }]),
  get_month_closing: (a, w) => when(!a.isAdmin && !timeUnits(a).includes(otherUnit(a, w)), [{ args: { p_unit_id: otherUnit(a, w), p_month: '2026-09-01' }, expect: refused }]),
  set_time_clock_settings: (a) => when(!a.isAdmin, [{ args: { p_prazo_dias: 30 }, expect: refused }]),
  // Detailed report, espelho print and legal files (issue 26): the AFD and AEJ data carry whole CPFs, so only ADMIN and
  // PUNCH_MANAGE of the unit get them; the marks report is for report holders (ADMIN, PUNCH_VIEW_ALL, PUNCH_MANAGE)
  // within their units and never lists an employee out of scope; the espelho print follows can_view_employee_time and
  // shows a whole CPF only to who may read it.
  get_afd_data: (a, w) =>
    w.unitIds.filter((u) => !managesUnitTime(u, a)).slice(0, 2).map((u) => ({ args: { p_unit_id: u, p_from: '2026-11-01', p_to: '2026-11-30' }, expect: refused })),
  get_aej_data: (a, w) =>
    w.unitIds.filter((u) => !managesUnitTime(u, a)).slice(0, 2).map((u) => ({ args: { p_unit_id: u, p_from: '2026-11-01', p_to: '2026-11-30' }, expect: refused })),
  get_time_marks_report: (a, w) => {
    const period = { p_from: '2026-10-01', p_to: '2026-11-30' };
    const reports = a.isAdmin || a.perms.has('PUNCH_VIEW_ALL') || a.perms.has('PUNCH_MANAGE');
    const unseen = unseenEmployee(a, w);
    return [
      ...when(!reports, [{ args: period, expect: refused }]),
      ...when(reports && !a.isAdmin && !timeUnits(a).includes(otherUnit(a, w)), [{ args: { ...period, p_unit_id: otherUnit(a, w) }, expect: refused }]),
      ...(unseen ? [{ args: { ...period, p_user_id: unseen }, expect: refused }] : []),
      {
        args: period,
        expect: (r) => {
          if (r.error) return reports ? `refused: ${r.error.message}` : true;
          if (!reports) return 'answered without report rights';
          const foreign = (r.data as { marks: Row[] }).marks.filter((m) => !seesEmployeeTime(m.user_id, a, w));
          return foreign.length === 0 ? true : `${foreign.length} marks of employees out of scope`;
        },
      },
    ];
  },
  get_espelho_print: (a, w) => [
    ...(unseenEmployee(a, w) ? [{ args: { p_user_id: unseenEmployee(a, w), p_month: '2026-09-01' }, expect: refused }] : []),
    // An employee in scope (not oneself): the CPF comes whole only to ADMIN and PUNCH_MANAGE of a shared unit.
    ...[...w.employeeUnits.keys()]
      .filter((id) => id !== a.userId && seesEmployeeTime(id, a, w) && !a.anon)
      .slice(0, 1)
      .map((id) => ({
        args: { p_user_id: id, p_month: '2026-11-01' },
        expect: (r: RpcResult) => {
          if (r.error) return `refused: ${r.error.message}`;
          const employee = (r.data as { employee: { cpf: string | null; cpf_masked: boolean } }).employee;
          const whole = a.isAdmin || (a.perms.has('PUNCH_MANAGE') && sharesUnit(id, a, w));
          return employee.cpf === null || employee.cpf_masked !== whole ? true : `CPF ${employee.cpf_masked ? 'masked' : 'whole'} for this caller`;
        },
      })),
  ],
  // Reports (issue 26): only ADMIN, PUNCH_VIEW_ALL and PUNCH_MANAGE read them, within their units; another unit is
  // refused; what comes back names only units and employees in scope, with CPFs masked for who may not read them.
  get_punch_dashboard: (a, w) => [
    ...when(!readsTimeReports(a), [{ args: {}, expect: refused }]),
    ...when(readsTimeReports(a) && !a.isAdmin && !timeUnits(a).includes(otherUnit(a, w)), [{ args: { p_unit_id: otherUnit(a, w) }, expect: refused }]),
    ...when(readsTimeReports(a), [{ args: {}, expect: (r) => scopedReport(r, a, w, (d) => (d.units as Row[]).flatMap((u) => (u.people as Row[]).map((p) => ({ ...p, unit_id: u.unit_id })))) }]),
  ],
  get_time_report: (a, w) => [
    ...when(!readsTimeReports(a), [{ args: { p_from: '2026-09-01', p_to: '2026-09-30' }, expect: refused }]),
    ...when(readsTimeReports(a) && !a.isAdmin && !timeUnits(a).includes(otherUnit(a, w)), [
      { args: { p_from: '2026-09-01', p_to: '2026-09-30', p_unit_id: otherUnit(a, w) }, expect: refused },
    ]),
    ...when(readsTimeReports(a) && unseenEmployee(a, w) !== undefined, [
      { args: { p_from: '2026-09-01', p_to: '2026-09-30', p_user_id: unseenEmployee(a, w) }, expect: refused },
    ]),
    ...when(readsTimeReports(a), [{ args: { p_from: '2026-09-01', p_to: '2026-09-30' }, expect: (r) => scopedReport(r, a, w, (d) => d.employees as Row[]) }]),
  ],
  // Boletos: decoding is pure; the rest answers about, or acts on, the caller's boleto units only.
  decode_boleto: () => [],
  check_boleto_warnings: (a, w) =>
    when(boletoUnits(a, w).length === 0, [
      { args: { p_barcode: VALID_BOLETO.barcode, p_unit_id: w.unitIds[0], p_supplier_id: null, p_amount: 123.45, p_due_date: '2025-03-10' }, expect: refused },
    ]),
  list_boletos: (a, w) => [
    {
      args: { p_unit_id: w.unitIds.find((u) => !boletoUnits(a, w).includes(u)) ?? null, p_limit: 200 },
      expect: (r) => {
        if (r.error) return true;
        const foreign = (r.data as { rows: Row[] }).rows.filter((row) => !inBoletoUnits(row, a, w));
        return foreign.length === 0 ? true : `${foreign.length} boletos of other units`;
      },
    },
  ],
  get_boleto_history: (a, w) => foreignBoletos(a, w).slice(0, 1).map((b) => ({ args: { p_boleto_id: b.id }, expect: emptyOrRefused })),
  mark_boletos_paid: (a, w) =>
    foreignBoletos(a, w).filter((b) => b.status === 'PENDENTE').slice(0, 1).map((b) => ({ args: { p_ids: [b.id], p_paid_at: '2025-03-10' }, expect: refused })),
  cancel_boleto: (a, w) =>
    foreignBoletos(a, w).filter((b) => b.status === 'PENDENTE').slice(0, 1).map((b) => ({ args: { p_id: b.id, p_reason: 'forjado' }, expect: refused })),
  delete_boleto: (a, w) =>
    foreignBoletos(a, w).filter((b) => b.status === 'PENDENTE').slice(0, 1).map((b) => ({ args: { p_id: b.id, p_reason: 'forjado' }, expect: refused })),
  // Undoing a payment is an administrator's act, whatever boleto.
  reopen_boleto: (a, w) =>
    when(!a.isAdmin, [...w.boletos.values()].filter((b) => b.status === 'PAGO').slice(0, 1).map((b) => ({ args: { p_id: b.id, p_reason: 'forjado' }, expect: refused }))),
  get_boletos_report: (a, w) =>
    a.isAdmin
      ? []
      : [
          {
            args: { p_unit_id: w.unitIds.find((u) => !boletoUnits(a, w).includes(u)) ?? null },
            expect: (r) => {
              if (r.error) return true;
              if (!(a.perms.has('VIEW_REPORTS') && a.perms.has('MANAGE_BOLETOS'))) return `answered without VIEW_REPORTS and MANAGE_BOLETOS`;
              const units = (r.data as { by_unit: Row[] }).by_unit.filter((row) => !inBoletoUnits(row, a, w));
              return units.length === 0 ? true : `${units.length} other units in the report`;
            },
          },
        ],
  // Remessas: every action on another units' shipment is refused; the link settings are the administrators'.
  get_shipment: (a, w) => foreignShipments(a, w).slice(0, 1).map((s) => ({ args: { p_id: s.id }, expect: refused })),
  get_shipment_evidence: (a, w) => foreignShipments(a, w).filter((s) => s.status === 'ENTREGUE').slice(0, 1).map((s) => ({ args: { p_shipment_id: s.id }, expect: refused })),
  dispatch_shipment: (a, w) => foreignShipments(a, w).filter((s) => s.status === 'SOLICITADO').slice(0, 1).map((s) => ({ args: { p_id: s.id }, expect: refused })),
  delete_shipment: (a, w) => foreignShipments(a, w).filter((s) => s.status === 'SOLICITADO').slice(0, 1).map((s) => ({ args: { p_id: s.id }, expect: refused })),
  create_signature_link: (a, w) => foreignShipments(a, w).filter((s) => s.status === 'PENDENTE').slice(0, 1).map((s) => ({ args: { p_shipment_id: s.id }, expect: refused })),
  revoke_signature_link: (a, w) => foreignShipments(a, w).filter((s) => s.status === 'PENDENTE').slice(0, 1).map((s) => ({ args: { p_shipment_id: s.id }, expect: refused })),
  save_shipment: (a, w) => {
    const foreign = w.unitIds.filter((u) => !shipmentUnits(a, w).includes(u));
    const editable = foreignShipments(a, w).find((s) => s.status === 'SOLICITADO');
    return [
      ...(foreign.length >= 2
        ? [{ args: { p_id: null, p_origin_unit_id: foreign[0], p_destination_unit_id: foreign[1], p_notes: null, p_items: [{ product_id: w.productIds[0], quantity: 1 }] }, expect: refused }]
        : []),
      ...(editable
        ? [{ args: { p_id: editable.id, p_origin_unit_id: editable.origin_unit_id, p_destination_unit_id: editable.destination_unit_id, p_notes: 'forjado', p_items: [{ product_id: w.productIds[0], quantity: 1 }] }, expect: refused }]
        : []),
    ];
  },
  list_shipments: (a, w) => [
    {
      args: { p_limit: 200 },
      expect: (r) => {
        if (r.error) return true;
        const foreign = (r.data as { rows: Row[] }).rows.filter((row) => !worksShipment(w.shipments.get(String(row.id)), a, w));
        return foreign.length === 0 ? true : `${foreign.length} shipments of other units`;
      },
    },
  ],
  suggest_transfer_units: () => [],
  get_signature_settings: () => [],
  set_signature_link_hours: (a) => when(!a.isAdmin, [{ args: { p_hours: 1 }, expect: refused }]),
  // The public page's RPCs: a forged token is refused for everyone (anon included).
  get_shipment_for_signature: () => [{ args: { p_token: 'a'.repeat(64) }, expect: refused }],
  sign_shipment: () => [{ args: { p_token: 'a'.repeat(64), p_signer_name: 'Forjado', p_signer_document: '52998224725', p_signature_png: 'x', p_lines: [] }, expect: refused }],
  // ---- Issue 27, Correio (H3) ----
  // Another's thread or message is unknown (PT404) whatever the RPC; a list or a search answers only the caller's
  // threads; a representative addresses no unit, no role and no staff outside purchasing, and finds names only.
  send_mail: (a, w) => [
    ...foreignMailMessages(a, w).slice(0, 1).map((id) => ({
      args: { p_request_id: randomUUID(), p_subject: `${tag} forjado`, p_body: 'forjado', p_user_ids: [], p_unit_ids: [], p_roles: [], p_reply_to: id, p_attachments: [] },
      expect: refused,
    })),
    ...when(a.isRep, [
      { args: { p_request_id: randomUUID(), p_subject: `${tag} forjado`, p_body: 'forjado', p_unit_ids: [w.unitIds[0]] }, expect: refused },
      { args: { p_request_id: randomUUID(), p_subject: `${tag} forjado`, p_body: 'forjado', p_roles: ['BALCONISTA'] }, expect: refused },
      ...[...w.userUnits.keys()]
        .filter((id) => id !== a.userId && !w.purchasingStaff.has(id))
        .slice(0, 2)
        .map((id) => ({ args: { p_request_id: randomUUID(), p_subject: `${tag} forjado`, p_body: 'forjado', p_user_ids: [id] }, expect: refused })),
    ]),
    // An attachment in another's folder of the correio bucket (it does not even have to exist).
    ...when(!a.anon, [
      {
        args: {
          p_request_id: randomUUID(), p_subject: `${tag} forjado`, p_body: 'forjado', p_user_ids: [...w.purchasingStaff].filter((id) => id !== a.userId).slice(0, 1),
          p_attachments: [{ path: `${otherUserId}/${randomUUID()}/x.pdf`, file_name: 'x.pdf', mime_type: 'application/pdf', size_bytes: 10 }],
        },
        expect: refused,
      },
    ]),
  ],
  list_mail: (a, w) =>
    ['ENTRADA', 'ENVIADOS', 'ARQUIVO'].map((folder) => ({
      args: { p_folder: folder, p_limit: 100 },
      expect: (r: RpcResult) => {
        if (r.error) return true;
        const foreign = new Set(foreignMailThreads(a, w));
        const leaked = (r.data as { items: Row[] }).items.filter((t) => foreign.has(String(t.thread_id)));
        return leaked.length === 0 ? true : `${leaked.length} threads of others in ${folder}`;
      },
    })),
  get_mail_thread: (a, w) => foreignMailThreads(a, w).slice(0, 2).map((id) => ({ args: { p_thread_id: id }, expect: refused })),
  mark_mail_thread_read: (a, w) => foreignMailThreads(a, w).slice(0, 2).map((id) => ({ args: { p_thread_id: id }, expect: refused })),
  archive_mail_thread: (a, w) => foreignMailThreads(a, w).slice(0, 2).map((id) => ({ args: { p_thread_id: id, p_archived: true }, expect: refused })),
  mail_thread_of: (a, w) => foreignMailMessages(a, w).slice(0, 2).map((id) => ({ args: { p_message_id: id }, expect: refused })),
  count_unread_mail: () => [],
  search_mail_recipients: (a, w) => [
    {
      args: { p_query: '', p_limit: 50 },
      expect: (r: RpcResult) => {
        if (r.error) return true;
        const options = r.data as Row[];
        if (JSON.stringify(options).includes('@')) return 'an e-mail in the options';
        if (!a.isRep) return true;
        const wrong = options.filter((o) => o.kind !== 'user' || o.detail !== null || !w.purchasingStaff.has(String(o.id)));
        return wrong.length === 0 ? true : `${wrong.length} options beyond purchasing staff names for a representative`;
      },
    },
  ],
  // ---- end Correio ----
  // ---- Issue 28, purchasing flow (H1) ----
  // A quote's payment term: its supplier's representative (while editable) or a buyer; another supplier's quote is
  // refused to everyone else, with a valid term and with an invalid one.
  set_quote_payment_term: (a, w) =>
    when(!a.isBuyer, [
      { args: { p_quote_id: pick(w, 'quotes', (q) => q.supplier_id !== a.supplierId), p_days: 30 }, expect: refused },
      { args: { p_quote_id: pick(w, 'quotes', (q) => q.supplier_id !== a.supplierId), p_days: 999 }, expect: refused },
    ]),
  // Only the caller's own units (current and assigned), never another's.
  list_my_work_unit_ids: (a, w) => [
    {
      args: {},
      expect: (r: RpcResult) => {
        if (r.error) return true;
        const own = new Set([a.unitId, ...a.units].filter(Boolean));
        const foreign = (r.data as string[]).filter((id) => !own.has(id));
        return foreign.length === 0 ? true : `${foreign.length} units the caller does not work in (of ${w.unitIds.length})`;
      },
    },
  ],
  // ---- end ----
  // Answers only about the caller itself.
  caller_has_permission: (a) => [
    {
      args: { p_permission: 'MANAGE_USERS' },
      expect: (r) => (r.error || r.data === (a.isAdmin || a.perms.has('MANAGE_USERS')) ? true : `answered ${JSON.stringify(r.data)}`),
    },
  ],
  // ---- Issue 28, get_quote_analysis / get_quote_matrix (H2) ----
  // Buyers, analysts and admins read every supplier. A representative gets its own supplier's document only (scope
  // SUPPLIER: no competitor list, no other supplier's id) and is refused another supplier's and the price matrix;
  // everyone else is refused both.
  get_quote_analysis: (a, w) => {
    if (a.isAdmin || a.readsPurchasing) return [];
    const other = [...new Set([...w.quotes.values()].map((q) => String(q.supplier_id)))].find((s) => s !== a.supplierId);
    if (!a.isRep) return [{ args: { p_from: null, p_to: null }, expect: refused }];
    return [
      { args: { p_from: null, p_to: null, p_supplier_id: other }, expect: refused },
      {
        args: { p_from: null, p_to: null },
        expect: (r) => {
          if (r.error) return true;
          const d = r.data as Row;
          if (d.scope !== 'SUPPLIER' || (d.supplier as Row | null)?.id !== a.supplierId) return `scope ${String(d.scope)} for a representative`;
          if ('suppliers' in d || 'offers' in d || 'items' in d) return 'competitor lists in a representative\'s answer';
          return other && JSON.stringify(d).includes(other) ? 'another supplier\'s id in a representative\'s answer' : true;
        },
      },
    ];
  },
  get_quote_matrix: (a) => when(!a.isAdmin && !a.readsPurchasing, [{ args: { p_from: null, p_to: null }, expect: refused }]),
  // ---- end ----
  // ---- Issue 28, analysis filters and purchase report (H3) ----
  // The filter options: nobody who may open no analysis gets them; a representative learns no other supplier's name.
  get_analysis_filter_options: (a) => [
    {
      args: {},
      expect: (r: RpcResult) => {
        if (r.error) return true;
        if (a.anon) return 'answered anon';
        if (!a.isAdmin && !a.readsPurchasing && !a.isRep) return 'answered a caller who may open no analysis';
        const suppliers = (r.data as { suppliers: Row[] }).suppliers;
        if (a.isRep && !a.isAdmin && (suppliers.length !== 1 || suppliers[0]?.id !== a.supplierId)) return `${suppliers.length} suppliers for a representative`;
        return true;
      },
    },
  ],
  // The purchase report and its drill-down: ADMIN, or purchasing readers holding VIEW_REPORTS and MANAGE_ORDERS.
  get_purchase_report: (a) => when(!readsPurchaseReport(a), [{ args: { p_from: null, p_to: null }, expect: refused }]),
  get_purchase_report_order: (a, w) => when(!readsPurchaseReport(a), [{ args: { p_order_id: pick(w, 'orders', () => true) }, expect: refused }]),
  // ---- end ----
  // ---- Issue 28, shortage and lead-time analyses (H4) ----
  // Spec §6: /analise-faltas is ADMIN's and ANALISTA's (VIEW_REPORTS), /analise-dias-compras also ADMIN_COMPRAS's.
  // Everyone else (counter staff, representatives, custom roles, the roleless, the disabled, anon) is refused
  // whatever the filters, another unit's included; those allowed read every unit by design (no scope to forge).
  get_shortage_analysis: (a, w) =>
    when(!['admin', 'analista'].includes(a.key), [
      { args: { p_from: '2000-01-01', p_to: '2002-12-31' }, expect: refused },
      { args: { p_from: null, p_to: null, p_unit_id: otherUnit(a, w), p_recurrence_days: 30 }, expect: refused },
    ]),
  get_purchase_days_analysis: (a, w) =>
    when(!['admin', 'compras', 'analista'].includes(a.key), [
      { args: { p_from: '2000-01-01', p_to: '2002-12-31' }, expect: refused },
      { args: { p_from: null, p_to: null, p_unit_id: otherUnit(a, w), p_supplier_id: null }, expect: refused },
    ]),
  // ---- end ----
};

/** Who may open /relatorio-compras (private.require_analysis_access('relatorio-compras')). */
function readsPurchaseReport(a: Actor): boolean {
  return a.isAdmin || (a.readsPurchasing && a.perms.has('VIEW_REPORTS') && a.perms.has('MANAGE_ORDERS'));
}

/** Up to two accounts whose time records the caller must not see (or treat). */
function foreignEmployees(a: Actor, w: World, allowed: (userId: unknown, a: Actor, w: World) => boolean): string[] {
  return [...w.userUnits.keys()].filter((id) => !allowed(id, a, w)).slice(0, 2);
}

/** Shipments neither sent nor received by the caller's units. */
function foreignShipments(a: Actor, w: World): Row[] {
  return [...w.shipments.values()].filter((s) => !worksShipment(s, a, w));
}

/** Boletos outside the caller's boleto units (one per status is enough to attack with). */
function foreignBoletos(a: Actor, w: World): Row[] {
  return [...w.boletos.values()].filter((b) => !inBoletoUnits(b, a, w));
}

const ownCounts = new Map<string, number>();
function ownCount(a: Actor): number {
  return ownCounts.get(a.key) ?? -1;
}
function foreignShortages(a: Actor): string[] {
  return foreignShortageIds.get(a.key) ?? [];
}
const foreignShortageIds = new Map<string, string[]>();
/** Shortages with an order line, in units the caller does not work in. */
const foreignOrderedShortageIds = new Map<string, string[]>();

beforeAll(async () => {
  for (const a of actors) {
    const own = await db.query<{ n: number; ids: string[] }>(
      `select count(*) filter (where unit_id = $1)::int as n,
              coalesce(array_agg(id) filter (where unit_id is distinct from $1), '{}') as ids
         from public.shortages`,
      [a.unitId],
    );
    ownCounts.set(a.key, own.rows[0]!.n);
    foreignShortageIds.set(a.key, own.rows[0]!.ids.slice(0, 5));
    const ordered = await db.query<{ id: string }>(
      `select distinct s.id from public.purchase_order_items oi join public.shortages s on s.id = oi.shortage_id
        where s.unit_id is distinct from $1 and not (s.unit_id = any($2::uuid[])) limit 3`,
      [a.unitId, a.units],
    );
    foreignOrderedShortageIds.set(a.key, ordered.rows.map((r) => r.id));
  }
});
