/**
 * Fixture people for the time-clock integration tests: an account in a unit with a role of its own (the
 * permissions a test needs, PUNCH_VIEW_OWN always), signed in; and valid CPF / CNPJ numbers to give them.
 */
import { randomInt } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEMO_PASSWORD } from './app-users.ts';
import { anonClient, serviceClient, sql, type BackendInfo } from './env.ts';

export interface TimeClockPerson {
  id: string;
  /** The profile's full name: `<label> <tag>`. */
  name: string;
  client: SupabaseClient;
}

export interface PersonOptions {
  backend: BackendInfo;
  /** The test file's unique tag (email and names carry it, so files never collide). */
  tag: string;
  label: string;
  unitId: string;
  permissions: readonly string[];
  /** Collects the roles created, for the file's cleanup. */
  roleIds: string[];
  /** Registered in employee_records with an admission date and a job title when given. */
  cpf?: string | null;
}

/** Creates the account (current unit and assigned to it), its role and permissions, and signs it in. */
export async function createTimeClockPerson(options: PersonOptions): Promise<TimeClockPerson> {
  const { backend, tag, label, unitId, permissions, roleIds, cpf } = options;
  const email = `${tag}-${label.toLowerCase().replace(/\W+/g, '-')}@farmacia.test`;
  const name = `${label} ${tag}`;
  const created = await serviceClient(backend).auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true, user_metadata: { full_name: name } });
  if (created.error || !created.data.user) throw new Error(`createUser ${email}: ${created.error?.message}`);
  const id = created.data.user.id;
  const db = await sql(backend);
  try {
    await db.query('update public.profiles set unit_id = $2, full_name = $3 where id = $1', [id, unitId, name]);
    await db.query('insert into public.user_units (user_id, unit_id) values ($1, $2) on conflict do nothing', [id, unitId]);
    if (cpf) {
      await db.query(`insert into public.employee_records (user_id, cpf, admission_date, job_title) values ($1, $2, '2024-03-04', 'Balconista')`, [id, cpf]);
    }
    if (permissions.length > 0) {
      const role = await db.query<{ id: string }>('insert into public.custom_roles (name) values ($1) returning id', [name]);
      const roleId = role.rows[0]!.id;
      roleIds.push(roleId);
      for (const permission of new Set(['PUNCH_VIEW_OWN', ...permissions])) {
        await db.query('insert into public.role_permissions (role_id, permission) values ($1, $2)', [roleId, permission]);
      }
      await db.query('insert into public.user_roles (user_id, role_id) values ($1, $2)', [id, roleId]);
    }
  } finally {
    await db.end();
  }
  const client = anonClient(backend);
  const signIn = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (signIn.error) throw new Error(`sign-in ${email}: ${signIn.error.message}`);
  return { id, name, client };
}

function checkDigit(digits: number[], weights: number[]): number {
  const rest = digits.reduce((total, digit, index) => total + digit * weights[index]!, 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A valid CPF (11 digits) drawn at random; all-equal digits, which are not a CPF, are drawn again. */
export function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10));
    if (base.every((digit) => digit === base[0])) continue;
    const first = checkDigit(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
    const second = checkDigit([...base, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    return [...base, first, second].join('');
  }
}

/** A valid CNPJ (14 digits) of a head office (0001) drawn at random. */
export function randomCnpj(): string {
  const base = [...Array.from({ length: 8 }, () => randomInt(10)), 0, 0, 0, 1];
  const first = checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit([...base, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, first, second].join('');
}
