import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '@/features/auth/account-messages';
import { missingPasswordParts, newPasswordField, passwordRuleMessage } from '@/features/auth/password-rules';
import * as z from 'zod/mini';

describe('the password rules of config.toml, in the forms', () => {
  it('names every missing piece in Portuguese', () => {
    expect(passwordRuleMessage('abcdefgh')).toBe('A senha deve ter uma letra maiúscula e um número.');
    expect(passwordRuleMessage('12345678')).toBe('A senha deve ter uma letra minúscula e uma letra maiúscula.');
    expect(passwordRuleMessage('Ab1')).toBe('A senha deve ter pelo menos 8 caracteres.');
    expect(passwordRuleMessage('')).toBe('A senha deve ter pelo menos 8 caracteres, uma letra minúscula, uma letra maiúscula e um número.');
    expect(missingPasswordParts('Farmacia@2026')).toEqual([]);
  });

  it('the zod field refuses what the server refuses, with that message', () => {
    const weak = z.safeParse(newPasswordField, 'abcdefgh');
    expect(weak.success).toBe(false);
    expect(weak.error?.issues[0]?.message).toBe('A senha deve ter uma letra maiúscula e um número.');
    expect(z.safeParse(newPasswordField, 'Farmacia2026').success).toBe(true);
  });

  it("translates the server's 422 weak_password reasons", () => {
    const error = new AuthWeakPasswordError('Password should be at least 8 characters.', 422, ['length', 'characters']);
    expect(authErrorMessage(error)).toBe('A senha é fraca: use pelo menos 8 caracteres e letras minúsculas, maiúsculas e números.');
    const pwned = new AuthWeakPasswordError('Password is known to be weak and easy to guess, please choose a different one.', 422, ['pwned']);
    expect(authErrorMessage(pwned)).toBe('A senha é fraca: use uma senha que não apareça em vazamentos de dados conhecidos.');
  });
});
