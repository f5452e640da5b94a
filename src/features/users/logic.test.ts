import { describe, expect, it } from 'vitest';
import { accessPreview, auditChanges, effectivePermissions, groupPermissions } from '@/features/users/logic';
import type { PermissionEntry, RoleEntry } from '@/features/users/types';

const permission = (name: string, category: string): PermissionEntry => ({ id: `id-${name}`, name, description: null, category, menuItems: [] });
const CATALOG = [
  permission('VIEW_REPORTS', 'Relatórios'),
  permission('MANAGE_USERS', 'Usuários'),
  permission('CREATE_SHORTAGES', 'Operações'),
  permission('MANAGE_PRODUCTS', 'Operações'),
  permission('PUNCH_CLOCK_ACCESS', 'Controle de Ponto'),
];
const role = (patch: Partial<RoleEntry>): RoleEntry => ({ id: 'r', name: 'BALCONISTA', isAdmin: false, permissions: [], menuPaths: [], homeActions: [], userCount: 0, ...patch });

describe('groupPermissions', () => {
  it("groups by the spec's seven categories in their order, sorted by the labels the screen shows", () => {
    expect(groupPermissions(CATALOG).map((group) => [group.category, group.permissions.map((p) => p.name)])).toEqual([
      ['Usuários', ['MANAGE_USERS']],
      // 'Gerenciar produtos' before 'Lançar faltas'.
      ['Operações', ['MANAGE_PRODUCTS', 'CREATE_SHORTAGES']],
      ['Relatórios', ['VIEW_REPORTS']],
      ['Controle de Ponto', ['PUNCH_CLOCK_ACCESS']],
    ]);
  });
});

describe('effectivePermissions', () => {
  it("is the role's permissions plus the direct ones, deduplicated", () => {
    expect(effectivePermissions(role({ permissions: ['CREATE_SHORTAGES'] }), ['id-CREATE_SHORTAGES', 'id-VIEW_REPORTS'], CATALOG)).toEqual(['CREATE_SHORTAGES', 'VIEW_REPORTS']);
  });
  it('an admin role holds the whole catalogue; no role holds only the direct ones', () => {
    expect(effectivePermissions(role({ name: 'Gerência', isAdmin: true }), [], CATALOG)).toHaveLength(CATALOG.length);
    expect(effectivePermissions(null, ['id-VIEW_REPORTS'], CATALOG)).toEqual(['VIEW_REPORTS']);
  });
});

describe('accessPreview', () => {
  it("shows the sidebar the role's permissions and menu paths allow, and its configured home cards", () => {
    const preview = accessPreview(role({ permissions: ['CREATE_SHORTAGES', 'MANAGE_PRODUCTS'], menuPaths: ['/lancamento'], homeActions: ['launch_shortages'] }), [], CATALOG);
    const items = preview.menu.flatMap((section) => section.items.map((item) => item.path));
    expect(items).toEqual(['/lancamento']);
    expect(preview.homeActions.map((action) => action.key)).toEqual(['launch_shortages']);
  });
  it('with no menu paths configured every permitted item shows', () => {
    const preview = accessPreview(role({ permissions: ['CREATE_SHORTAGES', 'MANAGE_PRODUCTS'] }), [], CATALOG);
    const items = preview.menu.flatMap((section) => section.items.map((item) => item.path));
    expect(items).toEqual(expect.arrayContaining(['/', '/lancamento', '/produtos', '/historico-importacoes']));
    expect(items).not.toContain('/usuarios');
  });
  it('a user without a role gets no permissions and no home cards', () => {
    const preview = accessPreview(null, [], CATALOG);
    expect(preview.permissions).toEqual([]);
    expect(preview.homeActions).toEqual([]);
  });
});

describe('auditChanges', () => {
  it('lists only the fields that changed, ignoring timestamps', () => {
    expect(auditChanges({ full_name: 'Ana', unit_id: 'a', updated_at: '1' }, { full_name: 'Ana', unit_id: 'b', updated_at: '2' })).toEqual(['unit_id: a → b']);
  });
  it('an insert or delete lists the row', () => {
    expect(auditChanges(null, { role_id: 'r', user_id: 'u' })).toEqual(['role_id: r', 'user_id: u']);
    expect(auditChanges({ menu_path: '/x', role_id: 'r' }, null)).toEqual(['menu_path: /x', 'role_id: r']);
    expect(auditChanges({ address: null }, { address: 'Rua A' })).toEqual(['address: — → Rua A']);
  });
  it('names the ids it knows', () => {
    expect(auditChanges({ unit_id: 'u1' }, { unit_id: 'u2' }, new Map([['u1', 'Unidade Centro'], ['u2', 'Unidade Norte']]))).toEqual(['unit_id: Unidade Centro → Unidade Norte']);
  });
});
