import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, ROLES } from '@/config/permissions';
import { codeHint, PERMISSION_LABELS, permissionLabel, roleLabel } from '@/features/users/labels';

describe('roleLabel', () => {
  it('names the built-in roles in Portuguese, whatever the case of the stored name', () => {
    expect(roleLabel('BALCONISTA_II')).toBe('Balconista II');
    expect(roleLabel('admin_compras')).toBe('Administrador de Compras');
    expect(roleLabel('FARMACEUTICO')).toBe('Farmacêutico');
  });
  it('keeps a custom role name as typed: it is already a label', () => {
    expect(roleLabel('Gerente de loja')).toBe('Gerente de loja');
  });
  it('never shows a code for a built-in role', () => {
    for (const role of ROLES) expect(roleLabel(role)).not.toMatch(/^[A-Z_]+$/);
  });
});

describe('permissionLabel', () => {
  it('names each permission of the catalogue by a label, never its code', () => {
    expect(permissionLabel('MANAGE_REMESSA')).toBe('Gerenciar remessas');
    expect(permissionLabel('punch_clock_access')).toBe('Registrar ponto');
    for (const name of PERMISSION_NAMES) expect(PERMISSION_LABELS[name]).not.toMatch(/[A-Z]{2,}|_/);
  });
  it('labels are distinct, so two checkboxes never read the same', () => {
    const labels = Object.values(PERMISSION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });
  it('a permission added to the catalogue without a label reads as its description, else its code', () => {
    expect(permissionLabel('MANAGE_FLEET', 'Gerenciar a frota de entregas')).toBe('Gerenciar a frota de entregas');
    expect(permissionLabel('MANAGE_FLEET', '  ')).toBe('MANAGE_FLEET');
    expect(permissionLabel('MANAGE_FLEET', null)).toBe('MANAGE_FLEET');
  });
});

describe('codeHint', () => {
  it('shows the code to administrators only', () => {
    expect(codeHint('MANAGE_REMESSA', true)).toBe('Código: MANAGE_REMESSA');
    expect(codeHint('MANAGE_REMESSA', false)).toBeUndefined();
  });
});
