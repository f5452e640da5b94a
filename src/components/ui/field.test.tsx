import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/** The text of the elements `aria-describedby` names. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('Field', () => {
  it('labels any control and reads its description with it', () => {
    render(
      <Field label="Observação" description="Até 300 caracteres">
        <Textarea />
      </Field>,
    );
    const control = screen.getByRole('textbox', { name: 'Observação' });
    expect(description(control)).toBe('Até 300 caracteres');
    expect(control.getAttribute('aria-invalid')).toBeNull();
  });
  it('marks the control invalid and puts the error in place of the description', () => {
    render(
      <Field label="Quantidade" description="Em unidades" error="Informe a quantidade">
        <Input />
      </Field>,
    );
    const control = screen.getByRole('textbox', { name: 'Quantidade' });
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(description(control)).toBe('Informe a quantidade');
    expect(screen.queryByText('Em unidades')).toBeNull();
  });
  it('uses the id the screen gives', () => {
    render(
      <Field label="Código" id="boleto-code">
        <Input />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Código' }).id).toBe('boleto-code');
  });
});
