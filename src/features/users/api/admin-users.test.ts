import { FunctionsHttpError } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUsersResultSchema, invokeAdminUsers } from '@/features/users/api/admin-users';
import { AdminUsersError } from '@/features/users/errors';
import { userMessages } from '@/features/users/messages';

const invoke = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke } } }));

/** The function's refusal as supabase-js hands it over: the HTTP response in `context`. */
function refusal(status: number, body: unknown) {
  return { data: null, error: new FunctionsHttpError(new Response(JSON.stringify(body), { status })) };
}

describe('invokeAdminUsers', () => {
  beforeEach(() => invoke.mockReset());

  it('returns the answer parsed with the action\'s schema', async () => {
    invoke.mockResolvedValue({ data: { user_id: 'u1', disabled: true }, error: null });
    await expect(invokeAdminUsers({ action: 'disable', user_id: 'u1' }, adminUsersResultSchema)).resolves.toEqual({ user_id: 'u1' });
  });

  it('treats an answer of another shape as a failure, not as data', async () => {
    invoke.mockResolvedValue({ data: { ok: true }, error: null });
    await expect(invokeAdminUsers({ action: 'disable' }, adminUsersResultSchema)).rejects.toEqual(new AdminUsersError(userMessages.functionFallback, null));
  });

  it('passes on the refusal\'s Portuguese message, code and what keeps the account', async () => {
    invoke.mockResolvedValue(refusal(409, { error: 'Este usuário possui registros vinculados.', code: 'user_has_records', dependencies: [{ table: 'shortages', rows: 3 }] }));
    const error: unknown = await invokeAdminUsers({ action: 'delete', user_id: 'u1' }, adminUsersResultSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AdminUsersError);
    expect(error).toMatchObject({ message: 'Este usuário possui registros vinculados.', code: 'user_has_records', dependencies: [{ table: 'shortages', rows: 3 }] });
  });

  it('falls back to the generic message when the refusal body is unreadable', async () => {
    invoke.mockResolvedValue(refusal(500, ['not', 'an', 'object']));
    await expect(invokeAdminUsers({ action: 'delete' }, adminUsersResultSchema)).rejects.toMatchObject({ message: userMessages.functionFallback, code: null });
  });
});
