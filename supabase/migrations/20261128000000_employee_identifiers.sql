-- Ponto Digital, managers' side (issue 26, item 5): the identifiers the legal files and the receipt need.
--
-- The AFD identifies the worker by CPF and the employer by CNPJ; the espelho de ponto also shows the
-- admission date and the job title (Portaria 671 art. 84); the punch receipt lists the employer's name,
-- CNPJ and the workplace's address and the worker's CPF (art. 79).
--
-- The CPF is personal data kept under a legal obligation (LGPD art. 7 II), so it is not part of the
-- consent term and nobody re-consents. It lives in its own table, not in profiles (which every signed-in
-- user reads for names): only the person, ADMIN and the PUNCH_MANAGE holders of the person's units read it;
-- everyone else gets it masked from the RPCs that need to show it.
--
-- A unit's CNPJ, legal name (razão social) and address are the business's public identity and stay on
-- store_units, readable by every signed-in user like the unit's name.

-- ===========================================================================
-- Check digits (Receita Federal's modulo-11 rules), used by constraints and RPCs. The CPF's
-- (private.is_valid_cpf) and its mask (private.mask_cpf, '***.456.789-**') came with the shipments.

-- True for 14 digits, not all equal, whose two check digits match (weights 5..2,9..2 then 6..2,9..2).
create function private.valid_cnpj(p_cnpj text)
returns boolean
language plpgsql immutable set search_path = '' as $$
declare
  v_digits int[];
  v_weights int[] := array[6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  v_sum int;
  v_check int;
begin
  if p_cnpj is null or p_cnpj !~ '^[0-9]{14}$' or p_cnpj ~ '^(.)\1{13}$' then
    return false;
  end if;
  v_digits := array(select substr(p_cnpj, i, 1)::int from generate_series(1, 14) i);
  for k in 12..13 loop
    v_sum := 0;
    for i in 1..k loop
      -- The first digit uses weights 5,4,3,2,9..2; the second 6,5,4,3,2,9..2.
      v_sum := v_sum + v_digits[i] * v_weights[i + 13 - k];
    end loop;
    v_check := v_sum % 11;
    v_check := case when v_check < 2 then 0 else 11 - v_check end;
    if v_check <> v_digits[k + 1] then
      return false;
    end if;
  end loop;
  return true;
end
$$;

comment on function private.valid_cnpj(text) is 'A CNPJ of 14 digits (no punctuation), not all equal, with both check digits right.';

revoke all on function private.valid_cnpj(text) from public, anon;
grant execute on function private.valid_cnpj(text) to authenticated, service_role;

-- ===========================================================================
-- Who reads a person's CPF: the person, ADMIN, and PUNCH_MANAGE holders of one of the person's units.

create function private.can_read_employee_cpf(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and p_user_id is not null and private.account_active(auth.uid()) and (
    p_user_id = auth.uid()
    or private.is_admin()
    or (private.has_permission('PUNCH_MANAGE') and private.shares_unit_with(p_user_id))
  )
$$;

comment on function private.can_read_employee_cpf(uuid) is
  'The person, ADMIN, or a PUNCH_MANAGE holder sharing a unit with the person (never PUNCH_VIEW_ALL alone); a disabled account nobody''s.';

revoke all on function private.can_read_employee_cpf(uuid) from public, anon;
grant execute on function private.can_read_employee_cpf(uuid) to authenticated, service_role;

-- ===========================================================================
-- Employees' legal identifiers.

create table public.employee_records (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- 11 digits, no punctuation.
  cpf text,
  admission_date date,
  job_title text,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  constraint employee_records_cpf_valid check (cpf is null or (cpf ~ '^[0-9]{11}$' and private.is_valid_cpf(cpf))),
  constraint employee_records_job_title_length check (job_title is null or length(btrim(job_title)) between 1 and 120),
  constraint employee_records_admission_date_range check (admission_date is null or admission_date >= date '1940-01-01')
);

comment on table public.employee_records is
  'An employee''s CPF, admission date and job title (AFD, AEJ, espelho, receipt). Read by the person, ADMIN and '
  'PUNCH_MANAGE holders of the person''s units; written only through set_employee_record.';

create unique index employee_records_cpf_unique on public.employee_records (cpf) where cpf is not null;
create index employee_records_updated_by_idx on public.employee_records (updated_by);

alter table public.employee_records enable row level security;
revoke all on table public.employee_records from anon, authenticated;
grant select on table public.employee_records to authenticated;
grant all on table public.employee_records to service_role;

create policy employee_records_select on public.employee_records
  for select to authenticated
  using (private.can_read_employee_cpf(user_id));

-- ===========================================================================
-- Units: the employer's identity per establishment.

alter table public.store_units
  add column cnpj text,
  add column legal_name text,
  add constraint store_units_cnpj_valid check (cnpj is null or private.valid_cnpj(cnpj)),
  add constraint store_units_legal_name_length check (legal_name is null or length(btrim(legal_name)) between 1 and 150);

create unique index store_units_cnpj_unique on public.store_units (cnpj) where cnpj is not null;

-- Updates of store_units are granted column by column (access hardening): the MANAGE_UNITS holders who
-- edit a unit's name and address on /usuarios also enter its CNPJ and razão social (the table's
-- update policy decides who).
grant update (cnpj, legal_name) on table public.store_units to authenticated;

comment on column public.store_units.cnpj is 'The establishment''s CNPJ, 14 digits without punctuation (AFD, AEJ, receipt).';
comment on column public.store_units.legal_name is 'The employer''s legal name (razão social) as the AFD and the receipt print it.';

-- ===========================================================================
-- Reading and writing an employee's record (only through these RPCs: the table has no write grants).

-- Who may see that a record exists and its admission date and job title (the CPF itself follows
-- private.can_read_employee_cpf): the person, ADMIN, the user managers who may edit the account on
-- /usuarios, and PUNCH_VIEW_ALL / PUNCH_MANAGE holders sharing a unit (the espelho shows them).
create function private.can_view_employee_record(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and p_user_id is not null and private.account_active(auth.uid()) and (
    p_user_id = auth.uid()
    or private.is_admin()
    or private.can_manage_account(p_user_id)
    or ((private.has_permission('PUNCH_VIEW_ALL') or private.has_permission('PUNCH_MANAGE')) and private.shares_unit_with(p_user_id))
  )
$$;

comment on function private.can_view_employee_record(uuid) is
  'The person, ADMIN, user managers of the account (/usuarios rules), PUNCH_VIEW_ALL/PUNCH_MANAGE holders sharing a unit.';

-- Who may write it: ADMIN, the user managers who may edit the account on /usuarios (never their own,
-- never an administrator's: private.account_management_refusal), and PUNCH_MANAGE holders sharing a
-- unit with another employee. Nobody but ADMIN sets their own CPF: the receipt and the AFD carry it
-- as evidence, so it is entered by someone else.
create function private.can_edit_employee_record(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and p_user_id is not null and private.account_active(auth.uid()) and (
    private.is_admin()
    or private.can_manage_account(p_user_id)
    or (p_user_id <> auth.uid() and private.has_permission('PUNCH_MANAGE') and private.shares_unit_with(p_user_id))
  )
$$;

comment on function private.can_edit_employee_record(uuid) is
  'ADMIN; user managers of the account (/usuarios rules: not their own, not an administrator''s); PUNCH_MANAGE holders sharing a unit with another employee.';

revoke all on function private.can_view_employee_record(uuid), private.can_edit_employee_record(uuid) from public, anon;
grant execute on function private.can_view_employee_record(uuid), private.can_edit_employee_record(uuid) to authenticated, service_role;

-- The record as the caller may see it: the CPF whole for who may read it, masked otherwise.
create function private.employee_record_json(p_user_id uuid)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'user_id', p_user_id,
    'cpf', case when er.cpf is null then null when private.can_read_employee_cpf(p_user_id) then er.cpf else private.mask_cpf(er.cpf) end,
    'cpf_masked', er.cpf is not null and not private.can_read_employee_cpf(p_user_id),
    'admission_date', er.admission_date,
    'job_title', er.job_title
  )
  from (select 1) one
  left join public.employee_records er on er.user_id = p_user_id
$$;

revoke all on function private.employee_record_json(uuid) from public, anon, authenticated;
grant execute on function private.employee_record_json(uuid) to service_role;

-- {user_id, cpf, cpf_masked, admission_date, job_title}: nulls when nothing was entered yet.
create function public.get_employee_record(p_user_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not private.can_view_employee_record(p_user_id) then
    raise exception 'Você não tem permissão para ver os dados funcionais deste funcionário' using errcode = '42501';
  end if;
  return private.employee_record_json(p_user_id);
end;
$$;

comment on function public.get_employee_record(uuid) is
  'An employee''s CPF (whole for the person, ADMIN and PUNCH_MANAGE of their units; masked for other readers), admission date and job title.';

revoke all on function public.get_employee_record(uuid) from public, anon;
grant execute on function public.get_employee_record(uuid) to authenticated, service_role;

-- Saves the three fields at once and answers the record as get_employee_record does.
-- p_cpf: null keeps the CPF on file (a user manager who sees it masked edits the other fields
-- without retyping it), '' removes it, anything else replaces it (punctuation allowed; stored as 11
-- digits). p_admission_date and p_job_title are written as given (null clears them).
create function public.set_employee_record(p_user_id uuid, p_cpf text, p_admission_date date, p_job_title text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_cpf text;
  v_job_title text := nullif(btrim(coalesce(p_job_title, '')), '');
  v_keep_cpf boolean := p_cpf is null;
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not private.can_edit_employee_record(p_user_id) then
    raise exception 'Você não tem permissão para alterar os dados funcionais deste funcionário' using errcode = '42501';
  end if;
  if not exists (select 1 from public.profiles pr where pr.id = p_user_id) then
    raise exception 'Usuário não encontrado' using errcode = 'P0002';
  end if;
  if not v_keep_cpf and btrim(p_cpf) <> '' then
    if not private.is_valid_cpf(btrim(p_cpf)) then
      raise exception 'CPF inválido: confira os dígitos' using errcode = '22023';
    end if;
    v_cpf := regexp_replace(p_cpf, '[^0-9]', '', 'g');
    if exists (select 1 from public.employee_records er where er.cpf = v_cpf and er.user_id <> p_user_id) then
      raise exception 'Este CPF já está cadastrado para outro funcionário' using errcode = '23505';
    end if;
  end if;
  if p_admission_date > (now() at time zone 'America/Sao_Paulo')::date then
    raise exception 'A data de admissão não pode ser futura' using errcode = '22023';
  end if;
  if p_admission_date < date '1940-01-01' then
    raise exception 'A data de admissão deve ser a partir de 01/01/1940' using errcode = '22023';
  end if;
  if length(v_job_title) > 120 then
    raise exception 'O cargo deve ter no máximo 120 caracteres' using errcode = '22023';
  end if;

  insert into public.employee_records as er (user_id, cpf, admission_date, job_title, updated_at, updated_by)
  values (p_user_id, v_cpf, p_admission_date, v_job_title, now(), auth.uid())
  on conflict (user_id) do update set
    cpf = case when v_keep_cpf then er.cpf else excluded.cpf end,
    admission_date = excluded.admission_date,
    job_title = excluded.job_title,
    updated_at = excluded.updated_at,
    updated_by = excluded.updated_by;
  return private.employee_record_json(p_user_id);
exception
  -- Two saves racing for the same CPF: the unique index decides, with the same words.
  when unique_violation then
    raise exception 'Este CPF já está cadastrado para outro funcionário' using errcode = '23505';
end;
$$;

comment on function public.set_employee_record(uuid, text, date, text) is
  'Saves an employee''s CPF (null keeps it, '''' removes it), admission date and job title: ADMIN, user managers of the account, PUNCH_MANAGE of their units.';

revoke all on function public.set_employee_record(uuid, text, date, text) from public, anon;
grant execute on function public.set_employee_record(uuid, text, date, text) to authenticated, service_role;

-- ===========================================================================
-- The punch receipt (Portaria 671 art. 79): the employer's legal name and CNPJ, the workplace's
-- address and the worker's CPF join what it carried. The CPF goes whole: the receipt is answered
-- only to the worker who punched (register_punch, the one caller), the screens mask it, and the
-- printed copy the worker keeps carries it whole, as the Portaria asks.
create or replace function private.receipt_json(p public.pontos)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', p.id,
    'nsr', p.nsr,
    'punch_type', p.punch_type,
    'punched_at', p.punched_at,
    'receipt_hash', p.receipt_hash,
    'work_date', p.work_date,
    'employee_name', (select pr.full_name from public.profiles pr where pr.id = p.funcionario_id),
    'unit_name', su.name,
    'unit_address', su.address,
    'employer_name', su.legal_name,
    'cnpj', su.cnpj,
    'cpf', (select er.cpf from public.employee_records er where er.user_id = p.funcionario_id),
    'ip_origem', private.evidence_address(p.ip_origem),
    'fora_da_unidade', coalesce(p.fora_da_unidade, false)
  )
  from (select 1) one
  left join public.store_units su on su.id = p.unit_id
$$;
