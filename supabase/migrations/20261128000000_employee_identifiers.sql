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
  select auth.uid() is not null and p_user_id is not null and (
    p_user_id = auth.uid()
    or private.is_admin()
    or (private.has_permission('PUNCH_MANAGE') and private.shares_unit_with(p_user_id))
  )
$$;

comment on function private.can_read_employee_cpf(uuid) is
  'The person, ADMIN, or a PUNCH_MANAGE holder sharing a unit with the person (never PUNCH_VIEW_ALL alone).';

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

comment on column public.store_units.cnpj is 'The establishment''s CNPJ, 14 digits without punctuation (AFD, AEJ, receipt).';
comment on column public.store_units.legal_name is 'The employer''s legal name (razão social) as the AFD and the receipt print it.';
