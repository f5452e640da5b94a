import { afterEach, describe, expect, it, vi } from 'vitest';
import { toAppDateString } from '@/lib/dates';
import { getTodayGoal } from '@/features/time-clock/api/get-my-schedule';

const rpc = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase', () => ({ supabase: { rpc } }));

afterEach(() => rpc.mockReset());

describe('getTodayGoal', () => {
  it("asks expected_day for today's São Paulo day: the browser keeps no default of its own", async () => {
    rpc.mockResolvedValue({ data: [{ day: '2026-11-20', expected_minutes: 0, scheduled_minutes: 480, day_kind: 'holiday', holiday_name: 'Dia Nacional de Zumbi e da Consciência Negra' }], error: null });
    await expect(getTodayGoal('u1')).resolves.toEqual({ expectedMinutes: 0, dayKind: 'holiday', holidayName: 'Dia Nacional de Zumbi e da Consciência Negra' });
    expect(rpc).toHaveBeenCalledWith('expected_day', { p_user_id: 'u1', p_day: toAppDateString(new Date()) });
  });

  it('a refusal or an empty answer is an error, never a made-up 480', async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'Sem permissão para ver a jornada deste funcionário', code: '42501' } });
    await expect(getTodayGoal('u1')).rejects.toMatchObject({ code: '42501' });
    rpc.mockResolvedValue({ data: [], error: null });
    await expect(getTodayGoal('u1')).rejects.toThrow();
  });
});
