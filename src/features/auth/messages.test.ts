import { describe, expect, it } from 'vitest';
import { isSilentLogoutError, loginErrorMessage, loginErrorToast, TimeoutError } from '@/features/auth/messages';

describe('login error mapping (spec §5)', () => {
  it.each([
    [{ message: 'Invalid login credentials', code: 'invalid_credentials' }, 'Email ou senha incorretos. Por favor, verifique suas credenciais.'],
    [new Error('Invalid login credentials'), 'Email ou senha incorretos. Por favor, verifique suas credenciais.'],
    [{ message: 'Request rate limit reached', code: 'over_request_rate_limit' }, 'Muitas tentativas de login. Por favor, tente novamente mais tarde.'],
    [{ message: 'Email rate limit exceeded' }, 'Muitas tentativas de login. Por favor, tente novamente mais tarde.'],
    [{ message: 'Email not confirmed' }, 'Email not confirmed'],
    [{ message: 'User is banned', code: 'user_banned' }, 'Sua conta está desativada. Procure o administrador do sistema.'],
  ])('%o → %s', (error, expected) => {
    expect(loginErrorMessage(error)).toBe(expected);
  });

  it('titles errors "Erro ao fazer login" and time-outs "Tempo esgotado"', () => {
    expect(loginErrorToast(new Error('Invalid login credentials')).title).toBe('Erro ao fazer login');
    expect(loginErrorToast(new TimeoutError())).toEqual({
      title: 'Tempo esgotado',
      description: 'O login está demorando muito. Por favor, tente novamente.',
    });
  });
});

describe('silent logout errors (spec §4)', () => {
  it.each([
    [{ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' }, true],
    [new Error('Invalid refresh token'), true],
    [new Error('Auth session missing!'), true],
    [{ code: 'user_banned', message: 'Invalid Refresh Token: User Banned' }, true],
    [new Error('fetch failed'), false],
  ])('%o → %s', (error, expected) => {
    expect(isSilentLogoutError(error)).toBe(expected);
  });
});

