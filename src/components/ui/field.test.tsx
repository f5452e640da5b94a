import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

describe('Field', () => {
  it('labels any control and reads its description with it', () => {
    render(
      <Field label="Observação" description="Até 300 caracteres">
        <Textarea />
      </Field>,
    );
    const control = screen.getByRole('textbox', { name: 'Observação' });
    expect(control).toHaveAccessibleDescription('Até 300 caracteres');
    expect(control).not.toHaveAttribute('aria-invalid');
  });
  it('marks the control invalid and puts the error in place of the description', () => {
    render(
      <Field label="Quantidade" description="Em unidades" error="Informe a quantidade">
        <Input />
      </Field>,
    );
    const control = screen.getByRole('textbox', { name: 'Quantidade' });
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription('Informe a quantidade');
    expect(screen.queryByText('Em unidades')).not.toBeInTheDocument();
  });
  it('uses the id the screen gives', () => {
    render(
      <Field label="Código" id="boleto-code">
        <Input />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveAttribute('id', 'boleto-code');
  });
});
