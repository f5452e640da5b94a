import { describe, expect, it } from 'vitest';
import { MailInputError, mailErrorMessage } from '@/features/mail/messages';

describe('mailErrorMessage', () => {
  it("shows the database's own Portuguese refusals as they come", () => {
    expect(mailErrorMessage({ code: '42501', message: 'Representantes escrevem apenas para a equipe de compras' })).toBe(
      'Representantes escrevem apenas para a equipe de compras',
    );
    expect(mailErrorMessage({ code: '22023', message: 'Anexo não encontrado: envie-o de novo' })).toBe('Anexo não encontrado: envie-o de novo');
    expect(mailErrorMessage({ code: 'PT404', message: 'Mensagem não encontrada' })).toBe('Mensagem não encontrada');
  });

  it("never shows PostgreSQL's English", () => {
    expect(mailErrorMessage({ code: '42501', message: 'new row violates row-level security policy for table "objects"' })).toBe(
      'Você não tem permissão para realizar esta operação.',
    );
    expect(mailErrorMessage({ code: 'XX000', message: 'internal error' })).toBe('Ocorreu um erro inesperado. Por favor, tente novamente.');
  });

  it('shows the checks made in the browser', () => {
    expect(mailErrorMessage(new MailInputError('O arquivo tem mais de 10 MB.'))).toBe('O arquivo tem mais de 10 MB.');
  });
});
