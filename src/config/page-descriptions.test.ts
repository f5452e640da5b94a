import { describe, expect, it } from 'vitest';
import { PAGE_DESCRIPTIONS } from '@/config/page-descriptions';
import { HOME_ACTIONS, MENU_SECTIONS } from '@/config/permissions';
import { paths } from '@/config/paths';

describe('page descriptions (sidebar tooltip, home cards)', () => {
  const items = MENU_SECTIONS.flatMap((section) => section.items);

  it('give every menu item one line of its own', () => {
    for (const item of items) {
      const description = PAGE_DESCRIPTIONS[item.path];
      expect(description, item.label).toMatch(/^[A-ZÀ-Ú].{10,80}\.$/u);
    }
    const lines = items.map((item) => PAGE_DESCRIPTIONS[item.path]);
    expect(new Set(lines).size).toBe(lines.length);
    expect(Object.keys(PAGE_DESCRIPTIONS).sort()).toEqual(items.map((item) => item.path).sort());
  });

  it('describe every home card', () => {
    for (const action of HOME_ACTIONS) expect(PAGE_DESCRIPTIONS[action.path], action.title).toBeTruthy();
  });

  it("tell 'Meu Ponto' (the employee's own month) from 'Meu Ponto (Admin)' (the LGPD term and consents)", () => {
    expect(PAGE_DESCRIPTIONS[paths.myPunches]).toContain('Seu espelho');
    expect(PAGE_DESCRIPTIONS[paths.punchAdmin]).toContain('Termo LGPD');
  });

  it("keep 'Assinatura de Remessas' under Operações, beside Remessas", () => {
    const operations = MENU_SECTIONS.find((section) => section.title === 'Operações')!.items.map((item) => item.label);
    expect(operations.slice(operations.indexOf('Remessas'), operations.indexOf('Remessas') + 2)).toEqual(['Remessas', 'Assinatura de Remessas']);
  });
});
