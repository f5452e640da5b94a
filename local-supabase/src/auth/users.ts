/** Loading users and rendering them as GoTrue's models.User JSON. */
import type pg from 'pg';

export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** Go's RFC 3339 with nanoseconds trims trailing zeros of the fraction; Postgres gives micros. */
export function goTime(value: string | null): string | undefined {
  if (value === null) return undefined;
  return value.replace(/\.(\d*?)0+Z$/, (_m, digits: string) => (digits ? `.${digits}Z` : 'Z'));
}

const ts = (col: string, alias = col) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${alias}`;

export const USER_COLUMNS = [
  'u.id',
  `coalesce(u.aud, '') as aud`,
  `coalesce(u.role, '') as role`,
  `coalesce(u.email, '') as email`,
  `coalesce(u.phone, '') as phone`,
  `coalesce(u.encrypted_password, '') as encrypted_password`,
  `coalesce(u.email_change, '') as email_change`,
  `coalesce(u.phone_change, '') as phone_change`,
  `coalesce(u.confirmation_token, '') as confirmation_token`,
  `coalesce(u.recovery_token, '') as recovery_token`,
  `coalesce(u.email_change_token_new, '') as email_change_token_new`,
  `coalesce(u.email_change_token_current, '') as email_change_token_current`,
  `coalesce(u.email_change_confirm_status, 0)::int as email_change_confirm_status`,
  `coalesce(u.reauthentication_token, '') as reauthentication_token`,
  `coalesce(u.raw_app_meta_data, '{}'::jsonb) as raw_app_meta_data`,
  `coalesce(u.raw_user_meta_data, '{}'::jsonb) as raw_user_meta_data`,
  `coalesce(u.is_anonymous, false) as is_anonymous`,
  `(u.banned_until is not null and u.banned_until > now()) as banned`,
  `(u.email_confirmed_at is not null) as email_confirmed`,
  `extract(epoch from now() - u.confirmation_sent_at)::float8 as confirmation_age`,
  `extract(epoch from now() - u.recovery_sent_at)::float8 as recovery_age`,
  `extract(epoch from now() - u.email_change_sent_at)::float8 as email_change_age`,
  `extract(epoch from now() - u.reauthentication_sent_at)::float8 as reauthentication_age`,
  ts('u.email_confirmed_at', 'email_confirmed_at'),
  ts('u.invited_at', 'invited_at'),
  ts('u.phone_confirmed_at', 'phone_confirmed_at'),
  ts('u.confirmation_sent_at', 'confirmation_sent_at'),
  ts('u.confirmed_at', 'confirmed_at'),
  ts('u.recovery_sent_at', 'recovery_sent_at'),
  ts('u.email_change_sent_at', 'email_change_sent_at'),
  ts('u.phone_change_sent_at', 'phone_change_sent_at'),
  ts('u.reauthentication_sent_at', 'reauthentication_sent_at'),
  ts('u.last_sign_in_at', 'last_sign_in_at'),
  ts('u.created_at', 'created_at'),
  ts('u.updated_at', 'updated_at'),
  ts('u.banned_until', 'banned_until'),
  ts('u.deleted_at', 'deleted_at'),
].join(',\n  ');

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  encrypted_password: string;
  email_change: string;
  phone_change: string;
  confirmation_token: string;
  recovery_token: string;
  email_change_token_new: string;
  email_change_token_current: string;
  email_change_confirm_status: number;
  reauthentication_token: string;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  banned: boolean;
  email_confirmed: boolean;
  confirmation_age: number | null;
  recovery_age: number | null;
  email_change_age: number | null;
  reauthentication_age: number | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  phone_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  recovery_sent_at: string | null;
  email_change_sent_at: string | null;
  phone_change_sent_at: string | null;
  reauthentication_sent_at: string | null;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

export interface User extends UserRow {
  identities: IdentityRow[];
}

export async function loadUser(db: Queryable, where: string, params: unknown[], lock = false): Promise<User | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u where ${where} limit 1${lock ? ' for update of u' : ''}`,
    params,
  );
  const row = rows[0];
  if (!row) return undefined;
  const identities = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, ${ts('last_sign_in_at')}, ${ts('created_at')}, ${ts('updated_at')}, email
       from auth.identities where user_id = $1 order by created_at, id`,
    [row.id],
  );
  return { ...row, identities: identities.rows };
}

export const loadUserById = (db: Queryable, id: string, lock = false) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? loadUser(db, 'u.id = $1', [id], lock)
    : Promise.resolve(undefined);

export const loadUserByEmail = (db: Queryable, email: string, lock = false) =>
  loadUser(db, `lower(u.email) = lower($1) and coalesce(u.is_sso_user, false) = false and u.deleted_at is null`, [email], lock);

function omitEmpty(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== '') out[k] = v;
  return out;
}

/** models.User as GoTrue marshals it (omitempty fields absent). */
export function userJson(user: User): Record<string, unknown> {
  const base: Record<string, unknown> = {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
  };
  const optional1 = omitEmpty({
    email_confirmed_at: goTime(user.email_confirmed_at),
    invited_at: goTime(user.invited_at),
  });
  const phone = { phone: user.phone };
  const optional2 = omitEmpty({
    phone_confirmed_at: goTime(user.phone_confirmed_at),
    confirmation_sent_at: goTime(user.confirmation_sent_at),
    confirmed_at: goTime(user.confirmed_at),
    recovery_sent_at: goTime(user.recovery_sent_at),
    new_email: user.email_change,
    email_change_sent_at: goTime(user.email_change_sent_at),
    new_phone: user.phone_change,
    phone_change_sent_at: goTime(user.phone_change_sent_at),
    reauthentication_sent_at: goTime(user.reauthentication_sent_at),
    last_sign_in_at: goTime(user.last_sign_in_at),
  });
  const rest: Record<string, unknown> = {
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: user.identities.map((i) =>
      omitEmpty({
        identity_id: i.id,
        id: i.provider_id,
        user_id: i.user_id,
        identity_data: i.identity_data,
        provider: i.provider,
        last_sign_in_at: goTime(i.last_sign_in_at),
        created_at: goTime(i.created_at) ?? '0001-01-01T00:00:00Z',
        updated_at: goTime(i.updated_at) ?? '0001-01-01T00:00:00Z',
        email: i.email ?? undefined,
      }),
    ),
    created_at: goTime(user.created_at) ?? '0001-01-01T00:00:00Z',
    updated_at: goTime(user.updated_at) ?? '0001-01-01T00:00:00Z',
  };
  const tail = omitEmpty({ banned_until: goTime(user.banned_until), deleted_at: goTime(user.deleted_at) });
  return { ...base, ...optional1, ...phone, ...optional2, ...rest, ...tail, is_anonymous: user.is_anonymous };
}
