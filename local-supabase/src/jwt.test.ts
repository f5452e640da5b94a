import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const NOW = 1_900_000_000;

describe('verifyJwt', () => {
  it('checks a token once per secret and its time claims on every use', () => {
    const token = signJwt({ role: 'authenticated', sub: 'u1', exp: NOW + 60 }, SECRET);
    const hmac = vi.spyOn(crypto, 'createHmac');
    const first = verifyJwt(token, SECRET, NOW);
    expect(first).toEqual({ ok: true, claims: { role: 'authenticated', sub: 'u1', exp: NOW + 60 } });
    expect(verifyJwt(token, SECRET, NOW)).toEqual(first);
    expect(hmac).toHaveBeenCalledTimes(1);
    // The same token past its expiry (beyond PostgREST's 30 s of skew): refused, although its signature was checked.
    expect(verifyJwt(token, SECRET, NOW + 91)).toMatchObject({ ok: false, kind: 'expired' });
    // Another secret: checked again, and refused.
    expect(verifyJwt(token, 'another-secret-of-at-least-32-characters!!', NOW)).toMatchObject({ ok: false, kind: 'signature' });
    expect(hmac).toHaveBeenCalledTimes(2);
    hmac.mockRestore();
  });

  it('gives each caller its own claims object', () => {
    const token = signJwt({ role: 'anon', exp: NOW + 60 }, SECRET);
    const a = verifyJwt(token, SECRET, NOW);
    const b = verifyJwt(token, SECRET, NOW);
    if (!a.ok || !b.ok) throw new Error('refused');
    a.claims.role = 'service_role';
    expect(b.claims.role).toBe('anon');
    expect(verifyJwt(token, SECRET, NOW)).toEqual({ ok: true, claims: { role: 'anon', exp: NOW + 60 } });
  });

  it('never keeps a forged or malformed token', () => {
    const token = signJwt({ role: 'service_role', exp: NOW + 60 }, 'an-attacker-secret-of-32-characters-or-more');
    expect(verifyJwt(token, SECRET, NOW)).toMatchObject({ ok: false, kind: 'signature' });
    expect(verifyJwt(token, SECRET, NOW)).toMatchObject({ ok: false, kind: 'signature' });
    expect(verifyJwt('a.b', SECRET, NOW)).toMatchObject({ ok: false, kind: 'malformed' });
  });
});
