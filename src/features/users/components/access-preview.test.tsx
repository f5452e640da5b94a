import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessPreview } from '@/features/users/components/access-preview';
import type { PermissionEntry } from '@/features/users/types';

const catalog: PermissionEntry[] = [
  { id: '1', name: 'MANAGE_REMESSA', description: 'Gerenciar solicitações de remessa', category: 'Operações', menuItems: [] },
  { id: '2', name: 'CUSTOM_THING', description: 'Conferir a frota', category: 'Operações', menuItems: [] },
];

function permissionsShown(showCodes: boolean) {
  render(<AccessPreview title="Prévia do acesso" permissions={['MANAGE_REMESSA', 'CUSTOM_THING']} catalog={catalog} showCodes={showCodes} menu={[]} homeActions={[]} />);
  return within(screen.getByRole('list', { name: 'Permissões efetivas' })).getAllByRole('listitem');
}

describe('AccessPreview', () => {
  afterEach(cleanup);
  it('lists the effective permissions by label, sorted, with the code only in an administrator’s tooltip', () => {
    const items = permissionsShown(true);
    expect(items.map((item) => item.textContent)).toEqual(['Conferir a frota', 'Gerenciar remessas']);
    expect(items.map((item) => item.firstElementChild?.getAttribute('title'))).toEqual(['Código: CUSTOM_THING', 'Código: MANAGE_REMESSA']);
    expect(screen.queryByText('MANAGE_REMESSA')).toBeNull();
  });
  it('shows no code at all to anyone else', () => {
    const items = permissionsShown(false);
    expect(items.map((item) => item.firstElementChild?.getAttribute('title'))).toEqual([null, null]);
  });
});
