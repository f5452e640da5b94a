import { describe, expect, it } from 'vitest';
import { sessionMethodOf } from '@/features/auth/api/get-session-method';

describe('sessionMethodOf', () => {
  const token = (claims: Record<string, unknown>) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
  it("reads the newest amr method: 'invite' for a session opened by an invitation link", () => {
    expect(sessionMethodOf(token({ sub: 'u', amr: [{ method: 'invite', timestamp: 20 }] }))).toBe('invite');
    expect(sessionMethodOf(token({ sub: 'u', amr: [{ method: 'password', timestamp: 10 }, { method: 'recovery', timestamp: 30 }] }))).toBe('recovery');
  });
  it('is null without amr or for an unreadable token', () => {
    expect(sessionMethodOf(token({ sub: 'u' }))).toBeNull();
    expect(sessionMethodOf('not-a-jwt')).toBeNull();
  });
});
