-- Boletos (payment slips): entry with every check digit validated, duplicates and fraud alerts,
-- payment tracking and the payables report. The rules of the codes are FEBRABAN's (domain notes
-- §3.1): a bank boleto's 44-digit barcode carries a module-11 general check digit that is never 0,
-- its 47-digit linha digitável adds a module-10 digit per field; an arrecadação code (first digit 8)
-- picks module 10 or 11 from its third digit, and its 48-digit linha adds one per block of 11. The
-- same functions back `decode_boleto` (what the entry screen asks) and a check constraint on
-- `boletos.barcode`, so no invalid code can be stored by any path. Money moves only through the
-- status RPCs below, every status change lands in an append-only history, and 'vencido' is derived
-- from the due date in America/Sao_Paulo, never stored.

-- ===========================================================================
-- Check digits and codes (pure functions: the check constraints call them)

create function private.boleto_mod10(p_digits text)
returns integer
language plpgsql immutable strict parallel safe set search_path = '' as $$
declare
  v_sum integer := 0;
  v_weight integer := 2;
  v_product integer;
begin
  for i in reverse length(p_digits)..1 loop
    v_product := (ascii(substr(p_digits, i, 1)) - 48) * v_weight;
    v_sum := v_sum + v_product / 10 + v_product % 10;
    v_weight := 3 - v_weight;
  end loop;
  return (10 - v_sum % 10) % 10;
end;
$$;

comment on function private.boleto_mod10(text) is
  'FEBRABAN module 10: weights 2,1,2,1… from the right, digits of products ≥ 10 added, DV = (10 − sum mod 10) mod 10.';

-- Weights 2..9 repeating from the right; the two module-11 variants differ only in how the
-- remainder becomes a digit (a known pitfall: one routine for both is wrong for bank boletos).
create function private.boleto_mod11_remainder(p_digits text)
returns integer
language plpgsql immutable strict parallel safe set search_path = '' as $$
declare
  v_sum integer := 0;
  v_weight integer := 2;
begin
  for i in reverse length(p_digits)..1 loop
    v_sum := v_sum + (ascii(substr(p_digits, i, 1)) - 48) * v_weight;
    v_weight := case when v_weight = 9 then 2 else v_weight + 1 end;
  end loop;
  return v_sum % 11;
end;
$$;

comment on function private.boleto_mod11_remainder(text) is 'Sum of the digits weighted 2..9 from the right, modulo 11.';

create function private.boleto_mod11_bank(p_digits text)
returns integer
language sql immutable strict parallel safe set search_path = '' as $$
  select case when 11 - r in (0, 10, 11) then 1 else 11 - r end
  from (select private.boleto_mod11_remainder(p_digits) as r) s
$$;

comment on function private.boleto_mod11_bank(text) is
  'General check digit of a bank boleto: 11 − remainder, and 1 where that gives 0, 10 or 11 (never 0).';

create function private.boleto_mod11_arrecadacao(p_digits text)
returns integer
language sql immutable strict parallel safe set search_path = '' as $$
  select case when r in (0, 1) then 0 else 11 - r end
  from (select private.boleto_mod11_remainder(p_digits) as r) s
$$;

comment on function private.boleto_mod11_arrecadacao(text) is
  'Module 11 of arrecadação codes (third digit 8 or 9): remainder 0 or 1 gives 0, otherwise 11 − remainder.';

-- The check digit of an arrecadação block or code: module 10 for value identifiers 6 and 7,
-- module 11 for 8 and 9.
create function private.boleto_arrecadacao_dv(p_value_id text, p_digits text)
returns integer
language sql immutable strict parallel safe set search_path = '' as $$
  select case when p_value_id in ('6', '7') then private.boleto_mod10(p_digits)
              else private.boleto_mod11_arrecadacao(p_digits) end
$$;

comment on function private.boleto_arrecadacao_dv(text, text) is 'Module 10 (value id 6/7) or module 11 (8/9) of an arrecadação code.';

-- Why a 44-digit barcode is not a payable boleto, in the words the screen shows; null when it is.
create function private.boleto_barcode_error(p_barcode text)
returns text
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  v_value_id text;
begin
  if p_barcode is null or p_barcode !~ '^[0-9]{44}$' then
    return 'O código de barras deve ter 44 dígitos numéricos.';
  end if;
  if left(p_barcode, 1) = '8' then
    v_value_id := substr(p_barcode, 3, 1);
    if v_value_id not in ('6', '7', '8', '9') then
      return 'Identificador de valor inválido (3º dígito deve ser 6, 7, 8 ou 9).';
    end if;
    if private.boleto_arrecadacao_dv(v_value_id, left(p_barcode, 3) || substr(p_barcode, 5))
       <> ascii(substr(p_barcode, 4, 1)) - 48 then
      return 'Dígito verificador geral inválido';
    end if;
    if v_value_id in ('6', '8') and substr(p_barcode, 5, 11)::bigint = 0 then
      return 'O valor do boleto deve ser maior que zero.';
    end if;
    return null;
  end if;
  -- The check digit first (a mistyped currency digit is a typo, as the browser reports it), then the currency.
  if private.boleto_mod11_bank(left(p_barcode, 4) || substr(p_barcode, 6)) <> ascii(substr(p_barcode, 5, 1)) - 48 then
    return 'Dígito verificador geral inválido';
  end if;
  if substr(p_barcode, 4, 1) <> '9' then
    return 'Moeda inválida: apenas boletos em real (9) são aceitos.';
  end if;
  if substr(p_barcode, 10, 10)::bigint = 0 then
    return 'O valor do boleto deve ser maior que zero.';
  end if;
  return null;
end;
$$;

comment on function private.boleto_barcode_error(text) is
  'Null for a valid 44-digit boleto barcode (bank or arrecadação, every check digit, currency real, amount above zero); otherwise the Portuguese reason.';

-- The linha digitável of a valid barcode: bank 47 digits (three module-10 fields, the general DV,
-- factor and amount), arrecadação 48 (four blocks of 11, each with its own DV).
create function private.boleto_linha_from_barcode(p_barcode text)
returns text
language plpgsql immutable strict parallel safe set search_path = '' as $$
declare
  v_block text;
  v_linha text := '';
begin
  if left(p_barcode, 1) = '8' then
    for i in 0..3 loop
      v_block := substr(p_barcode, i * 11 + 1, 11);
      v_linha := v_linha || v_block || private.boleto_arrecadacao_dv(substr(p_barcode, 3, 1), v_block)::text;
    end loop;
    return v_linha;
  end if;
  v_block := left(p_barcode, 4) || substr(p_barcode, 20, 5);
  v_linha := v_block || private.boleto_mod10(v_block)::text;
  v_block := substr(p_barcode, 25, 10);
  v_linha := v_linha || v_block || private.boleto_mod10(v_block)::text;
  v_block := substr(p_barcode, 35, 10);
  v_linha := v_linha || v_block || private.boleto_mod10(v_block)::text;
  return v_linha || substr(p_barcode, 5, 1) || substr(p_barcode, 6, 14);
end;
$$;

comment on function private.boleto_linha_from_barcode(text) is 'Linha digitável (47 or 48 digits) of a valid 44-digit barcode.';

-- The amount a code carries, in reais; null for arrecadação by reference quantity (value id 7/9).
create function private.boleto_amount_of(p_barcode text)
returns numeric
language sql immutable strict parallel safe set search_path = '' as $$
  select case
    when left(p_barcode, 1) <> '8' then round(substr(p_barcode, 10, 10)::numeric / 100, 2)
    when substr(p_barcode, 3, 1) in ('6', '8') then round(substr(p_barcode, 5, 11)::numeric / 100, 2)
  end
$$;

comment on function private.boleto_amount_of(text) is 'Amount encoded in a barcode (reais), null when the code carries none.';

-- The due date of a factor: one candidate per 9000-day cycle from 07/10/1997 (FEBRABAN restarted
-- the factor at 1000 on 22/02/2025), the candidate closest to p_today wins. Null for factor 0.
create function private.boleto_due_date(p_factor integer, p_today date)
returns date
language plpgsql immutable strict parallel safe set search_path = '' as $$
declare
  v_first date;
  v_cycle integer;
begin
  if p_factor < 1000 then
    return null;
  end if;
  v_first := date '1997-10-07' + p_factor;
  v_cycle := greatest(0, round((p_today - v_first)::numeric / 9000)::integer);
  return v_first + v_cycle * 9000;
end;
$$;

comment on function private.boleto_due_date(integer, date) is
  'Due date of a bank boleto factor: the candidate of any 9000-day cycle (reset 22/02/2025) closest to p_today; null for factor 0000.';

-- The factor of a date inside 03/07/2000 … 13/10/2049 (for codes built by the seed and the bench).
create function private.boleto_due_factor(p_due date)
returns integer
language sql immutable strict parallel safe set search_path = '' as $$
  select case
    when p_due between date '2000-07-03' and date '2025-02-21' then p_due - date '1997-10-07'
    when p_due between date '2025-02-22' and date '2049-10-13' then p_due - date '2022-05-29'
  end
$$;

comment on function private.boleto_due_factor(date) is 'Due-date factor of a date in the cycle that contains it (null outside 2000-07-03 … 2049-10-13).';

-- A valid bank barcode from its parts: demo data and benchmarks build their codes here.
create function private.boleto_build_bank_barcode(p_bank text, p_due date, p_amount_cents bigint, p_free_field text)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select left(b, 4) || private.boleto_mod11_bank(b)::text || substr(b, 5)
  from (select p_bank || '9' || lpad(coalesce(private.boleto_due_factor(p_due), 0)::text, 4, '0')
               || lpad(p_amount_cents::text, 10, '0') || p_free_field as b) s
$$;

comment on function private.boleto_build_bank_barcode(text, date, bigint, text) is
  'Valid bank barcode (general DV computed) from bank code, due date, amount in cents and 25-digit free field; for seeds and benchmarks.';

create function private.boleto_build_arrecadacao_barcode(p_segment integer, p_value_id integer, p_amount_cents bigint, p_rest text)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select left(b, 3) || private.boleto_arrecadacao_dv(p_value_id::text, b)::text || substr(b, 4)
  from (select '8' || p_segment::text || p_value_id::text || lpad(p_amount_cents::text, 11, '0') || p_rest as b) s
$$;

comment on function private.boleto_build_arrecadacao_barcode(integer, integer, bigint, text) is
  'Valid arrecadação barcode (general DV computed) from segment, value id, amount in cents and the 29 digits of positions 16–44; for seeds and benchmarks.';

-- Any typed, pasted or scanned code (44, 47 or 48 digits, with or without dots and spaces) to its
-- canonical barcode, or an error naming the wrong field (errcode 22023, the message is the screen's).
create function private.boleto_barcode_from_code(p_code text)
returns text
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  v_digits text;
  v_barcode text;
  v_error text;
begin
  if p_code is null or btrim(p_code) = '' then
    raise exception 'Informe o código de barras ou a linha digitável.' using errcode = '22023';
  end if;
  if p_code ~ '[^0-9[:space:].-]' then
    raise exception 'O código deve conter apenas números.' using errcode = '22023';
  end if;
  v_digits := regexp_replace(p_code, '[^0-9]', '', 'g');
  if length(v_digits) = 44 then
    v_barcode := v_digits;
  elsif length(v_digits) = 47 then
    for i in 1..3 loop
      if private.boleto_mod10(substr(v_digits, case i when 1 then 1 when 2 then 11 else 22 end, case i when 1 then 9 else 10 end))
         <> ascii(substr(v_digits, case i when 1 then 10 when 2 then 21 else 32 end, 1)) - 48 then
        raise exception 'Campo % da linha digitável inválido', i using errcode = '22023';
      end if;
    end loop;
    v_barcode := left(v_digits, 4) || substr(v_digits, 33, 1) || substr(v_digits, 34, 14)
      || substr(v_digits, 5, 5) || substr(v_digits, 11, 10) || substr(v_digits, 22, 10);
  elsif length(v_digits) = 48 and left(v_digits, 1) = '8' then
    if substr(v_digits, 3, 1) not in ('6', '7', '8', '9') then
      raise exception 'Identificador de valor inválido (3º dígito deve ser 6, 7, 8 ou 9).' using errcode = '22023';
    end if;
    v_barcode := '';
    for i in 0..3 loop
      if private.boleto_arrecadacao_dv(substr(v_digits, 3, 1), substr(v_digits, i * 12 + 1, 11))
         <> ascii(substr(v_digits, i * 12 + 12, 1)) - 48 then
        raise exception 'Bloco % da linha digitável inválido', i + 1 using errcode = '22023';
      end if;
      v_barcode := v_barcode || substr(v_digits, i * 12 + 1, 11);
    end loop;
  else
    raise exception 'O código tem % dígitos; esperado 44 (código de barras), 47 (linha digitável bancária) ou 48 (arrecadação).',
      length(v_digits) using errcode = '22023';
  end if;
  v_error := private.boleto_barcode_error(v_barcode);
  if v_error is not null then
    raise exception '%', v_error using errcode = '22023';
  end if;
  return v_barcode;
end;
$$;

comment on function private.boleto_barcode_from_code(text) is
  'Canonical 44-digit barcode of a barcode or linha digitável (any punctuation), or an exception naming the wrong field.';

revoke all on function private.boleto_mod10(text), private.boleto_mod11_remainder(text), private.boleto_mod11_bank(text),
  private.boleto_mod11_arrecadacao(text), private.boleto_arrecadacao_dv(text, text), private.boleto_barcode_error(text),
  private.boleto_linha_from_barcode(text), private.boleto_amount_of(text), private.boleto_due_date(integer, date),
  private.boleto_due_factor(date), private.boleto_build_bank_barcode(text, date, bigint, text),
  private.boleto_build_arrecadacao_barcode(integer, integer, bigint, text), private.boleto_barcode_from_code(text)
  from public, anon;

-- The check constraints and the table's triggers run them as the writing user.
grant execute on function private.boleto_mod10(text), private.boleto_mod11_remainder(text), private.boleto_mod11_bank(text),
  private.boleto_mod11_arrecadacao(text), private.boleto_arrecadacao_dv(text, text), private.boleto_barcode_error(text),
  private.boleto_linha_from_barcode(text), private.boleto_amount_of(text), private.boleto_due_date(integer, date),
  private.boleto_barcode_from_code(text)
  to authenticated, service_role;

grant execute on function private.boleto_due_factor(date), private.boleto_build_bank_barcode(text, date, bigint, text),
  private.boleto_build_arrecadacao_barcode(integer, integer, bigint, text)
  to service_role;

-- What the entry screen asks while the user types: the same answer the browser computes, or the
-- field that is wrong. The due date is the factor's candidate closest to today in São Paulo (the
-- user may override it); arrecadação codes carry no due date.
create function public.decode_boleto(p_code text)
returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  v_barcode text := private.boleto_barcode_from_code(p_code);
  v_bank boolean := left(v_barcode, 1) <> '8';
begin
  return jsonb_build_object(
    'kind', case when v_bank then 'BANCARIO' else 'ARRECADACAO' end,
    'barcode', v_barcode,
    'linha_digitavel', private.boleto_linha_from_barcode(v_barcode),
    'bank_code', case when v_bank then left(v_barcode, 3) end,
    'amount', private.boleto_amount_of(v_barcode),
    'due_date', case when v_bank then private.boleto_due_date(substr(v_barcode, 6, 4)::integer, (now() at time zone 'America/Sao_Paulo')::date) end);
end;
$$;

comment on function public.decode_boleto(text) is
  'Decodes a boleto barcode or linha digitável: {kind, barcode, linha_digitavel, bank_code, amount, due_date}, or raises 22023 naming the wrong field.';

revoke all on function public.decode_boleto(text) from public, anon;
grant execute on function public.decode_boleto(text) to authenticated, service_role;

-- ===========================================================================
-- Boletos

-- The units whose records the caller works under a unit-scoped permission (boletos, remessas):
-- administrators all, holders of the permission their current and assigned units, everyone else
-- none. One array per statement (policies call the wrappers below in an initplan), so a
-- 100,000-row list stays an index scan.
create function private.units_with_permission(p_permission text)
returns uuid[]
language plpgsql stable security definer set search_path = '' as $$
begin
  if private.is_admin() then
    return array(select su.id from public.store_units su);
  end if;
  if not (private.has_access() and private.has_permission(p_permission)) then
    return '{}'::uuid[];
  end if;
  return array(
    select u from (
      select private.current_unit_id() as u
      union
      select uu.unit_id from public.user_units uu where uu.user_id = auth.uid()
    ) s
    where u is not null);
end;
$$;

comment on function private.units_with_permission(text) is
  'Units the caller works under a permission: all for ADMIN, current and assigned units for its holders, none otherwise.';

revoke all on function private.units_with_permission(text) from public, anon;
grant execute on function private.units_with_permission(text) to authenticated, service_role;

create function private.boleto_units()
returns uuid[]
language sql stable security definer set search_path = '' as $$
  select private.units_with_permission('MANAGE_BOLETOS')
$$;

comment on function private.boleto_units() is
  'Units whose boletos the caller works: all for ADMIN, current and assigned units for MANAGE_BOLETOS holders, none otherwise.';

revoke all on function private.boleto_units() from public, anon;
grant execute on function private.boleto_units() to authenticated, service_role;

create table public.boletos (
  id uuid primary key default gen_random_uuid(),
  unit_id uuid not null references public.store_units (id),
  supplier_id uuid references public.suppliers (id),
  -- Who is paid when it is not a registered supplier (a utility, a tax): free text.
  beneficiary text,
  -- The canonical 44 digits; kind, linha digitável and bank are derived from it by the database.
  barcode text not null,
  linha_digitavel text not null,
  kind text not null,
  bank_code text,
  amount numeric(12, 2) not null,
  due_date date not null,
  issue_date date,
  document_number text,
  notes text,
  status text not null default 'PENDENTE',
  paid_at date,
  paid_amount numeric(12, 2),
  payment_account text,
  paid_by uuid references auth.users (id) on delete set null,
  -- Warnings the database found when the boleto was entered or its code, supplier, amount or
  -- due date changed (CODIGO_DUPLICADO, POSSIVEL_DUPLICADO, BANCO_DIVERGENTE): the user saw and
  -- confirmed them, and the list keeps showing them.
  alerts text[] not null default '{}',
  -- What the list's word search reads: folded beneficiary, document number and notes (a trigram
  -- index; the code's digits are searched by prefix on their own indexes).
  search_text text generated always as (
    private.fold_search_text(coalesce(beneficiary, '') || ' ' || coalesce(document_number, '') || ' ' || coalesce(notes, ''))) stored,
  created_by uuid not null default auth.uid() references auth.users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint boletos_barcode_valid check (private.boleto_barcode_error(barcode) is null),
  constraint boletos_linha_matches check (linha_digitavel = private.boleto_linha_from_barcode(barcode)),
  constraint boletos_kind_matches check (kind = case when left(barcode, 1) = '8' then 'ARRECADACAO' else 'BANCARIO' end),
  constraint boletos_bank_matches check (bank_code is not distinct from case when left(barcode, 1) <> '8' then left(barcode, 3) end),
  constraint boletos_amount_range check (amount > 0 and amount <= 99999999.99),
  constraint boletos_amount_matches_code check (private.boleto_amount_of(barcode) is null or amount = private.boleto_amount_of(barcode)),
  constraint boletos_due_date_range check (due_date between date '2000-01-01' and date '2100-12-31'),
  constraint boletos_issue_before_due check (issue_date is null or (issue_date <= due_date and issue_date >= date '2000-01-01')),
  constraint boletos_status_valid check (status in ('PENDENTE', 'PAGO', 'CANCELADO')),
  constraint boletos_payment_fields check (
    (status = 'PAGO') = (paid_at is not null and paid_amount is not null)
    and (status = 'PAGO' or payment_account is null)),
  constraint boletos_paid_amount_range check (paid_amount is null or (paid_amount > 0 and paid_amount <= 99999999.99)),
  constraint boletos_payee check (supplier_id is not null or length(btrim(coalesce(beneficiary, ''))) > 0),
  constraint boletos_text_limits check (
    char_length(coalesce(beneficiary, '')) <= 160 and char_length(coalesce(document_number, '')) <= 60
    and char_length(coalesce(notes, '')) <= 1000 and char_length(coalesce(payment_account, '')) <= 120),
  constraint boletos_alerts_known check (alerts <@ array['CODIGO_DUPLICADO', 'POSSIVEL_DUPLICADO', 'BANCO_DIVERGENTE'])
);

comment on table public.boletos is
  'Supplier boletos per unit (spec §2 /boletos): canonical barcode checked by the database, amount, due date, status PENDENTE/PAGO/CANCELADO and payment.';
comment on column public.boletos.barcode is 'Canonical 44-digit barcode; a check constraint refuses any code with a wrong digit.';
comment on column public.boletos.alerts is 'Duplicate and possible-fraud warnings found by the database when the boleto was entered or changed.';

create index boletos_unit_due_idx on public.boletos (unit_id, due_date);
create index boletos_status_due_idx on public.boletos (status, due_date);
create index boletos_paid_at_idx on public.boletos (paid_at) where status = 'PAGO';
create index boletos_supplier_idx on public.boletos (supplier_id, due_date);
create index boletos_created_by_idx on public.boletos (created_by);
-- The list's orders (a page is the first rows of an index scan) and its text search.
create index boletos_due_order_idx on public.boletos (due_date, created_at desc, id);
create index boletos_amount_order_idx on public.boletos (amount desc, created_at desc, id);
create index boletos_created_order_idx on public.boletos (created_at desc, id);
create index boletos_search_trgm_idx on public.boletos using gin (search_text extensions.gin_trgm_ops);
create index boletos_linha_prefix_idx on public.boletos (linha_digitavel text_pattern_ops);
create index boletos_barcode_prefix_idx on public.boletos (barcode text_pattern_ops);
create index boletos_paid_by_idx on public.boletos (paid_by);

alter table public.boletos enable row level security;

revoke all on table public.boletos from anon, authenticated;
grant select on table public.boletos to authenticated;
-- What the entry form writes. Status and payment move only through the RPCs below; deletion too.
grant insert (unit_id, supplier_id, beneficiary, barcode, amount, due_date, issue_date, document_number, notes)
  on table public.boletos to authenticated;
grant update (unit_id, supplier_id, beneficiary, barcode, amount, due_date, issue_date, document_number, notes)
  on table public.boletos to authenticated;
grant all on table public.boletos to service_role;

create policy boletos_select on public.boletos
  for select to authenticated
  using (unit_id = any ((select private.boleto_units())::uuid[]));

create policy boletos_insert on public.boletos
  for insert to authenticated
  with check (unit_id = any ((select private.boleto_units())::uuid[]));

create policy boletos_update on public.boletos
  for update to authenticated
  using (unit_id = any ((select private.boleto_units())::uuid[]))
  with check (unit_id = any ((select private.boleto_units())::uuid[]));

-- The warnings of a boleto against every other boleto of the chain (security definer: a code
-- already entered in another unit, or a bank the supplier never used anywhere, is exactly what a
-- unit cannot see by itself).
create function private.boleto_alerts(p_id uuid, p_unit_id uuid, p_supplier_id uuid, p_barcode text, p_amount numeric, p_due_date date)
returns text[]
language plpgsql stable security definer set search_path = '' as $$
declare
  v_alerts text[] := '{}';
begin
  if exists (select 1 from public.boletos b
             where b.barcode = p_barcode and b.status <> 'CANCELADO' and b.id is distinct from p_id) then
    v_alerts := v_alerts || 'CODIGO_DUPLICADO'::text;
  end if;
  if p_supplier_id is not null and exists (
       select 1 from public.boletos b
       where b.supplier_id = p_supplier_id and b.unit_id = p_unit_id and b.amount = p_amount and b.due_date = p_due_date
         and b.status <> 'CANCELADO' and b.id is distinct from p_id and b.barcode <> p_barcode) then
    v_alerts := v_alerts || 'POSSIVEL_DUPLICADO'::text;
  end if;
  if p_supplier_id is not null and left(p_barcode, 1) <> '8'
     and exists (select 1 from public.boletos b
                 where b.supplier_id = p_supplier_id and b.kind = 'BANCARIO' and b.status <> 'CANCELADO' and b.id is distinct from p_id)
     and not exists (select 1 from public.boletos b
                     where b.supplier_id = p_supplier_id and b.bank_code = left(p_barcode, 3) and b.status <> 'CANCELADO'
                       and b.id is distinct from p_id) then
    v_alerts := v_alerts || 'BANCO_DIVERGENTE'::text;
  end if;
  return v_alerts;
end;
$$;

comment on function private.boleto_alerts(uuid, uuid, uuid, text, numeric, date) is
  'Duplicate (same code anywhere; same supplier, amount and due date in the unit) and bank-divergence warnings of a boleto.';

revoke all on function private.boleto_alerts(uuid, uuid, uuid, text, numeric, date) from public, anon;
-- The write trigger runs as the writing user; what it learns is what check_boleto_warnings tells anyway.
grant execute on function private.boleto_alerts(uuid, uuid, uuid, text, numeric, date) to authenticated, service_role;

-- Every write: the code's derived columns and warnings come from the database; a user writes
-- only pending boletos, in their own name; a paid or cancelled boleto is frozen (its status
-- RPCs, running as the owner, are the only way out of those states). Security invoker, so
-- current_user tells a user's write from an RPC's or the seed's.
create function private.boletos_before_write()
returns trigger
language plpgsql set search_path = '' as $$
declare
  v_error text;
  v_coded numeric;
  v_user_write boolean := current_user in ('authenticated', 'anon');
begin
  if tg_op = 'UPDATE' and v_user_write then
    if old.status = 'PAGO' then
      raise exception 'Boleto pago não pode ser alterado; apenas um administrador pode desfazer o pagamento' using errcode = '42501';
    elsif old.status = 'CANCELADO' then
      raise exception 'Boleto cancelado não pode ser alterado' using errcode = '42501';
    end if;
    if new.id is distinct from old.id or new.created_by is distinct from old.created_by
       or new.created_at is distinct from old.created_at then
      raise exception 'Identificação e autoria do boleto não podem ser alteradas' using errcode = '42501';
    end if;
  end if;
  if tg_op = 'INSERT' and v_user_write then
    new.created_by := auth.uid();
    new.created_at := now();
    new.status := 'PENDENTE';
    new.paid_at := null;
    new.paid_amount := null;
    new.payment_account := null;
    new.paid_by := null;
  end if;
  v_error := private.boleto_barcode_error(new.barcode);
  if v_error is not null then
    raise exception '%', v_error using errcode = '23514';
  end if;
  new.linha_digitavel := private.boleto_linha_from_barcode(new.barcode);
  new.kind := case when left(new.barcode, 1) = '8' then 'ARRECADACAO' else 'BANCARIO' end;
  new.bank_code := case when new.kind = 'BANCARIO' then left(new.barcode, 3) end;
  v_coded := private.boleto_amount_of(new.barcode);
  if v_coded is not null and new.amount is distinct from v_coded then
    raise exception 'O valor informado difere do valor do código (R$ %)', translate(to_char(v_coded, 'FM999,999,990.00'), ',.', '.,')
      using errcode = '23514';
  end if;
  new.beneficiary := nullif(btrim(new.beneficiary), '');
  new.document_number := nullif(btrim(new.document_number), '');
  new.notes := nullif(btrim(new.notes), '');
  -- The constraints below are the guarantee; these say what is wrong in the screen's words.
  if new.amount is null or new.amount <= 0 or new.amount > 99999999.99 then
    raise exception 'Valor: informe um valor maior que zero e de no máximo R$ 99.999.999,99' using errcode = '23514';
  end if;
  if new.due_date is null or new.due_date not between date '2000-01-01' and date '2100-12-31' then
    raise exception 'Vencimento: informe uma data entre 01/01/2000 e 31/12/2100' using errcode = '23514';
  end if;
  if new.issue_date is not null and (new.issue_date > new.due_date or new.issue_date < date '2000-01-01') then
    raise exception 'Data de emissão: deve ser anterior ou igual ao vencimento' using errcode = '23514';
  end if;
  if new.supplier_id is null and new.beneficiary is null then
    raise exception 'Fornecedor: escolha um fornecedor ou informe o beneficiário' using errcode = '23514';
  end if;
  if char_length(coalesce(new.beneficiary, '')) > 160 then
    raise exception 'Beneficiário: no máximo 160 caracteres' using errcode = '23514';
  end if;
  if char_length(coalesce(new.document_number, '')) > 60 then
    raise exception 'Nº do documento: no máximo 60 caracteres' using errcode = '23514';
  end if;
  if char_length(coalesce(new.notes, '')) > 1000 then
    raise exception 'Observações: no máximo 1000 caracteres' using errcode = '23514';
  end if;
  if tg_op = 'INSERT' or new.barcode is distinct from old.barcode or new.supplier_id is distinct from old.supplier_id
     or new.amount is distinct from old.amount or new.due_date is distinct from old.due_date or new.unit_id is distinct from old.unit_id then
    new.alerts := private.boleto_alerts(new.id, new.unit_id, new.supplier_id, new.barcode, new.amount, new.due_date);
  end if;
  new.updated_at := now();
  return new;
end;
$$;

comment on function private.boletos_before_write() is
  'BEFORE INSERT/UPDATE on boletos: derived code columns and warnings, author and server time, pending-only edits by users.';

revoke all on function private.boletos_before_write() from public, anon, authenticated;

create trigger boletos_before_write
  before insert or update on public.boletos
  for each row execute function private.boletos_before_write();

-- ===========================================================================
-- Status history (append-only)

create table public.boleto_status_history (
  id uuid primary key default gen_random_uuid(),
  -- No foreign key: the history outlives a deleted (never paid) boleto, whose last row keeps a
  -- snapshot of it.
  boleto_id uuid not null,
  unit_id uuid not null references public.store_units (id),
  from_status text,
  to_status text not null,
  reason text,
  snapshot jsonb,
  changed_by uuid references auth.users (id) on delete set null,
  changed_at timestamptz not null default now(),
  constraint boleto_status_history_to_valid check (to_status in ('PENDENTE', 'PAGO', 'CANCELADO', 'EXCLUIDO')),
  constraint boleto_status_history_from_valid check (from_status is null or from_status in ('PENDENTE', 'PAGO', 'CANCELADO')),
  constraint boleto_status_history_reason_limit check (char_length(coalesce(reason, '')) <= 500)
);

comment on table public.boleto_status_history is
  'Every status change of a boleto (who, when, from, to, reason), written by the database; nobody edits or deletes it.';

create index boleto_status_history_boleto_idx on public.boleto_status_history (boleto_id, changed_at);
create index boleto_status_history_unit_idx on public.boleto_status_history (unit_id);
create index boleto_status_history_changed_by_idx on public.boleto_status_history (changed_by);

alter table public.boleto_status_history enable row level security;

revoke all on table public.boleto_status_history from anon, authenticated;
grant select on table public.boleto_status_history to authenticated;
grant all on table public.boleto_status_history to service_role;

create policy boleto_status_history_select on public.boleto_status_history
  for select to authenticated
  using (unit_id = any ((select private.boleto_units())::uuid[]));

create function private.refuse_boleto_history_change()
returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'O histórico de boletos não pode ser alterado nem excluído' using errcode = '42501';
end;
$$;

comment on function private.refuse_boleto_history_change() is 'BEFORE UPDATE/DELETE/TRUNCATE on boleto_status_history: always refuses, for every role.';

revoke all on function private.refuse_boleto_history_change() from public, anon, authenticated;

create trigger boleto_status_history_refuse_change
  before update or delete on public.boleto_status_history
  for each row execute function private.refuse_boleto_history_change();

create trigger boleto_status_history_refuse_truncate
  before truncate on public.boleto_status_history
  for each statement execute function private.refuse_boleto_history_change();

-- The reason travels from the status RPC in a transaction-local setting.
create function private.boletos_record_status()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    insert into public.boleto_status_history (boleto_id, unit_id, from_status, to_status, reason, changed_by)
    values (new.id, new.unit_id, case when tg_op = 'UPDATE' then old.status end, new.status,
            nullif(current_setting('app.boleto_status_reason', true), ''),
            -- Nobody signed in (the seed, the service role): the author of an entry, the payer of a payment.
            coalesce(auth.uid(), case when tg_op = 'INSERT' then new.created_by when new.status = 'PAGO' then new.paid_by end));
  end if;
  return null;
end;
$$;

comment on function private.boletos_record_status() is 'AFTER INSERT/UPDATE OF status on boletos: appends the change to boleto_status_history.';

revoke all on function private.boletos_record_status() from public, anon, authenticated;

create trigger boletos_record_status
  after insert or update of status on public.boletos
  for each row execute function private.boletos_record_status();

-- ===========================================================================
-- Status RPCs (security definer: they check the caller themselves and are the only writers of
-- status and payment columns)

-- A boleto of one of the caller's units, locked, or a refusal that does not reveal whether it exists.
create function private.lock_boleto_for_caller(p_id uuid)
returns public.boletos
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.boletos;
begin
  select * into v_row from public.boletos b where b.id = p_id for update;
  if not found or not (v_row.unit_id = any (private.boleto_units())) then
    raise exception 'Boleto não encontrado ou sem permissão' using errcode = '42501';
  end if;
  return v_row;
end;
$$;

comment on function private.lock_boleto_for_caller(uuid) is 'Locks a boleto of the caller''s units, or refuses with 42501.';

revoke all on function private.lock_boleto_for_caller(uuid) from public, anon, authenticated;

create function private.boleto_reason(p_reason text)
returns text
language plpgsql immutable set search_path = '' as $$
declare
  v_reason text := btrim(coalesce(p_reason, ''));
begin
  if char_length(v_reason) < 3 then
    raise exception 'Informe o motivo (mínimo de 3 caracteres)' using errcode = '22023';
  end if;
  if char_length(v_reason) > 500 then
    raise exception 'O motivo deve ter no máximo 500 caracteres' using errcode = '22023';
  end if;
  return v_reason;
end;
$$;

comment on function private.boleto_reason(text) is 'A trimmed status-change reason of 3 to 500 characters, or 22023.';

revoke all on function private.boleto_reason(text) from public, anon, authenticated;

create function private.boleto_status_label(p_status text)
returns text
language sql immutable set search_path = '' as $$
  select case p_status when 'PENDENTE' then 'pendente' when 'PAGO' then 'pago' when 'CANCELADO' then 'cancelado' else p_status end
$$;

comment on function private.boleto_status_label(text) is 'Portuguese word of a boleto status, for refusals.';

revoke all on function private.boleto_status_label(text) from public, anon, authenticated;

-- One boleto or a selection paid on one date from one account. A single boleto may be paid with
-- another amount (interest, fine, discount); a selection is paid at each boleto's amount.
create function public.mark_boletos_paid(p_ids uuid[], p_paid_at date, p_payment_account text default null, p_paid_amount numeric default null)
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.boletos;
  v_id uuid;
  v_account text := nullif(btrim(coalesce(p_payment_account, '')), '');
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_count integer := 0;
begin
  if coalesce(cardinality(p_ids), 0) = 0 then
    raise exception 'Selecione ao menos um boleto' using errcode = '22023';
  end if;
  if cardinality(p_ids) > 500 then
    raise exception 'Selecione no máximo 500 boletos por vez' using errcode = '22023';
  end if;
  if p_paid_at is null then
    raise exception 'Informe a data do pagamento' using errcode = '22023';
  end if;
  if p_paid_at > v_today then
    raise exception 'A data do pagamento não pode ser futura' using errcode = '22023';
  end if;
  if p_paid_at < date '2000-01-01' then
    raise exception 'Data do pagamento inválida' using errcode = '22023';
  end if;
  if char_length(coalesce(v_account, '')) > 120 then
    raise exception 'A conta de pagamento deve ter no máximo 120 caracteres' using errcode = '22023';
  end if;
  if p_paid_amount is not null then
    if cardinality(p_ids) > 1 then
      raise exception 'O valor pago só pode ser informado para um boleto por vez' using errcode = '22023';
    end if;
    if p_paid_amount <= 0 or p_paid_amount > 99999999.99 then
      raise exception 'O valor pago deve ser maior que zero e no máximo R$ 99.999.999,99' using errcode = '22023';
    end if;
  end if;
  perform set_config('app.boleto_status_reason', '', true);
  foreach v_id in array (select array_agg(distinct x order by x) from unnest(p_ids) x) loop
    v_row := private.lock_boleto_for_caller(v_id);
    if v_row.status <> 'PENDENTE' then
      raise exception 'Apenas boletos pendentes podem ser pagos (há um boleto %)', private.boleto_status_label(v_row.status)
        using errcode = '22023';
    end if;
    update public.boletos
    set status = 'PAGO', paid_at = p_paid_at, paid_amount = coalesce(round(p_paid_amount, 2), v_row.amount),
        payment_account = v_account, paid_by = auth.uid()
    where id = v_id;
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

comment on function public.mark_boletos_paid(uuid[], date, text, numeric) is
  'Marks pending boletos of the caller''s units as paid (date not in the future, optional account; amount only for one boleto).';

create function public.cancel_boleto(p_id uuid, p_reason text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.boletos := private.lock_boleto_for_caller(p_id);
begin
  if v_row.status <> 'PENDENTE' then
    raise exception 'Apenas boletos pendentes podem ser cancelados (este está %)', private.boleto_status_label(v_row.status)
      using errcode = '22023';
  end if;
  perform set_config('app.boleto_status_reason', private.boleto_reason(p_reason), true);
  update public.boletos set status = 'CANCELADO' where id = p_id;
end;
$$;

comment on function public.cancel_boleto(uuid, text) is 'Cancels a pending boleto of the caller''s units, with a reason kept in the history.';

-- Undoing a payment or a cancellation is an administrator's act, always with a reason.
create function public.reopen_boleto(p_id uuid, p_reason text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.boletos := private.lock_boleto_for_caller(p_id);
begin
  if not private.is_admin() then
    raise exception 'Apenas um administrador pode desfazer o pagamento ou o cancelamento de um boleto' using errcode = '42501';
  end if;
  if v_row.status = 'PENDENTE' then
    raise exception 'O boleto já está pendente' using errcode = '22023';
  end if;
  perform set_config('app.boleto_status_reason', private.boleto_reason(p_reason), true);
  update public.boletos
  set status = 'PENDENTE', paid_at = null, paid_amount = null, payment_account = null, paid_by = null
  where id = p_id;
end;
$$;

comment on function public.reopen_boleto(uuid, text) is
  'ADMIN only: undoes a payment (PAGO → PENDENTE) or a cancellation (CANCELADO → PENDENTE) with a reason kept in the history.';

-- A pending boleto entered by mistake may be deleted; a paid or cancelled one never. The history
-- keeps a last row with the deleted boleto's snapshot.
create function public.delete_boleto(p_id uuid, p_reason text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.boletos := private.lock_boleto_for_caller(p_id);
  v_reason text := private.boleto_reason(p_reason);
begin
  if v_row.status = 'PAGO' then
    raise exception 'Boleto pago não pode ser excluído' using errcode = '42501';
  elsif v_row.status = 'CANCELADO' then
    raise exception 'Boleto cancelado não pode ser excluído; ele permanece no histórico' using errcode = '42501';
  end if;
  if exists (select 1 from storage.objects o where o.bucket_id = 'boletos' and o.name like p_id::text || '/%') then
    raise exception 'Remova os anexos antes de excluir o boleto' using errcode = '22023';
  end if;
  insert into public.boleto_status_history (boleto_id, unit_id, from_status, to_status, reason, snapshot, changed_by)
  values (v_row.id, v_row.unit_id, v_row.status, 'EXCLUIDO', v_reason, to_jsonb(v_row), auth.uid());
  delete from public.boletos where id = p_id;
end;
$$;

comment on function public.delete_boleto(uuid, text) is
  'Deletes a pending boleto of the caller''s units (no attachments left), recording its snapshot and the reason in the history.';

revoke all on function public.mark_boletos_paid(uuid[], date, text, numeric), public.cancel_boleto(uuid, text),
  public.reopen_boleto(uuid, text), public.delete_boleto(uuid, text) from public, anon;
grant execute on function public.mark_boletos_paid(uuid[], date, text, numeric), public.cancel_boleto(uuid, text),
  public.reopen_boleto(uuid, text), public.delete_boleto(uuid, text) to authenticated, service_role;

-- ===========================================================================
-- Warnings before saving, the list, the history and the report

-- What the entry form shows before saving: boletos with the same code (any unit, as little as
-- needed: unit, status, due date), possible duplicates of the same supplier, amount and due date
-- in the caller's units, and the banks this supplier has used when this one differs.
create function public.check_boleto_warnings(p_barcode text, p_unit_id uuid, p_supplier_id uuid, p_amount numeric,
                                             p_due_date date, p_exclude_id uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_units uuid[] := private.boleto_units();
  v_barcode text := private.boleto_barcode_from_code(p_barcode);
  v_bank text := case when left(v_barcode, 1) <> '8' then left(v_barcode, 3) end;
  v_usual text[];
begin
  if cardinality(v_units) = 0 then
    raise exception 'Sem permissão para lançar boletos' using errcode = '42501';
  end if;
  if p_supplier_id is not null and v_bank is not null then
    select array_agg(distinct b.bank_code order by b.bank_code) into v_usual
    from public.boletos b
    where b.supplier_id = p_supplier_id and b.kind = 'BANCARIO' and b.status <> 'CANCELADO' and b.id is distinct from p_exclude_id;
  end if;
  return jsonb_build_object(
    'same_code', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', case when b.unit_id = any (v_units) then b.id end,
        'unit_name', su.name, 'status', b.status, 'due_date', b.due_date, 'amount', b.amount) order by b.created_at)
      from public.boletos b join public.store_units su on su.id = b.unit_id
      where b.barcode = v_barcode and b.status <> 'CANCELADO' and b.id is distinct from p_exclude_id), '[]'::jsonb),
    'same_supplier_amount_due', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', b.id, 'unit_name', su.name, 'status', b.status, 'due_date', b.due_date, 'amount', b.amount,
        'document_number', b.document_number) order by b.created_at)
      from public.boletos b join public.store_units su on su.id = b.unit_id
      where p_supplier_id is not null and b.supplier_id = p_supplier_id and b.unit_id = p_unit_id
        and b.unit_id = any (v_units) and b.amount = p_amount and b.due_date = p_due_date
        and b.status <> 'CANCELADO' and b.barcode <> v_barcode and b.id is distinct from p_exclude_id), '[]'::jsonb),
    'bank_code', v_bank,
    'supplier_banks', coalesce(to_jsonb(v_usual), '[]'::jsonb),
    'bank_differs', v_bank is not null and coalesce(cardinality(v_usual), 0) > 0 and not (v_bank = any (v_usual)));
end;
$$;

comment on function public.check_boleto_warnings(text, uuid, uuid, numeric, date, uuid) is
  'Before saving: same code anywhere in the chain, same supplier/amount/due date in the unit, and the supplier''s usual banks.';

revoke all on function public.check_boleto_warnings(text, uuid, uuid, numeric, date, uuid) from public, anon;
grant execute on function public.check_boleto_warnings(text, uuid, uuid, numeric, date, uuid) to authenticated, service_role;

-- The derived situation of a boleto on a São Paulo day.
create function private.boleto_situation(p_status text, p_due date, p_today date)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select case
    when p_status <> 'PENDENTE' then p_status
    when p_due < p_today then 'VENCIDO'
    when p_due = p_today then 'VENCE_HOJE'
    else 'A_VENCER'
  end
$$;

comment on function private.boleto_situation(text, date, date) is 'PAGO, CANCELADO, or for a pending boleto VENCIDO / VENCE_HOJE / A_VENCER on p_today.';

revoke all on function private.boleto_situation(text, date, date) from public, anon;
grant execute on function private.boleto_situation(text, date, date) to authenticated, service_role;

-- The list: filters and paging in the database (security invoker: the policies decide the rows).
-- p_situation is one of PENDENTE, A_VENCER, VENCE_HOJE, VENCIDO, PAGO, CANCELADO; the text
-- matches supplier, beneficiary, document number, notes or digits of the code. The statement is
-- built from the filters given (values always bound as parameters) so each call is planned for
-- its own filters: 100,000 boletos answer a page in well under 200 ms.
create function public.list_boletos(
  p_unit_id uuid default null,
  p_supplier_id uuid default null,
  p_situation text default null,
  p_due_from date default null,
  p_due_to date default null,
  p_search text default null,
  p_sort text default 'due_asc',
  p_limit integer default 50,
  p_offset integer default 0)
returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text;
  v_digits text;
  v_suppliers uuid[];
  v_where text := 'true';
  v_order text;
  v_total bigint;
  v_sum numeric;
  v_rows jsonb;
begin
  if p_situation is not null and p_situation not in ('PENDENTE', 'A_VENCER', 'VENCE_HOJE', 'VENCIDO', 'PAGO', 'CANCELADO') then
    raise exception 'Situação inválida: %', p_situation using errcode = '22023';
  end if;
  if p_sort is null or p_sort not in ('due_asc', 'due_desc', 'amount_desc', 'created_desc') then
    raise exception 'Ordenação inválida: %', p_sort using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 200 or p_offset is null or p_offset < 0 then
    raise exception 'Paginação inválida' using errcode = '22023';
  end if;
  if char_length(coalesce(v_search, '')) > 100 then
    raise exception 'A busca deve ter no máximo 100 caracteres' using errcode = '22023';
  end if;

  if p_unit_id is not null then v_where := v_where || ' and b.unit_id = $1'; end if;
  if p_supplier_id is not null then v_where := v_where || ' and b.supplier_id = $2'; end if;
  if p_due_from is not null then v_where := v_where || ' and b.due_date >= $3'; end if;
  if p_due_to is not null then v_where := v_where || ' and b.due_date <= $4'; end if;
  v_where := v_where || case p_situation
    when 'VENCIDO' then $w$ and b.status = 'PENDENTE' and b.due_date < $5$w$
    when 'VENCE_HOJE' then $w$ and b.status = 'PENDENTE' and b.due_date = $5$w$
    when 'A_VENCER' then $w$ and b.status = 'PENDENTE' and b.due_date > $5$w$
    when 'PENDENTE' then $w$ and b.status = 'PENDENTE'$w$
    when 'PAGO' then $w$ and b.status = 'PAGO'$w$
    when 'CANCELADO' then $w$ and b.status = 'CANCELADO'$w$
    else '' end;
  if v_search is not null then
    -- Words: supplier name, beneficiary, document number, notes. Digits only (with the dots and
    -- spaces of a pasted linha): a whole code finds its boleto, fewer digits the linhas and
    -- barcodes that start with them.
    v_pattern := '%' || replace(replace(replace(private.fold_search_text(v_search), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_digits := regexp_replace(v_search, '[^0-9]', '', 'g');
    if length(v_digits) < 4 or v_digits <> regexp_replace(v_search, '[[:space:].-]', '', 'g') then
      v_digits := null;
    elsif length(v_digits) in (44, 47, 48) then
      begin
        v_digits := private.boleto_barcode_from_code(v_digits);
      exception when invalid_parameter_value then
        null;
      end;
    end if;
    v_suppliers := array(select s.id from public.suppliers s where private.fold_search_text(s.name) like v_pattern);
    v_where := v_where || ' and (b.search_text like $6 or b.supplier_id = any ($7)'
      || case when v_digits is not null then ' or b.linha_digitavel like $8 || ''%'' or b.barcode like $8 || ''%''' else '' end || ')';
  end if;
  v_order := case p_sort
    when 'due_asc' then 'due_date asc, created_at desc, id'
    when 'due_desc' then 'due_date desc, created_at desc, id'
    when 'amount_desc' then 'amount desc, created_at desc, id'
    else 'created_at desc, id' end;

  execute format('select count(*), coalesce(sum(b.amount), 0) from public.boletos b where %s', v_where)
    into v_total, v_sum
    using p_unit_id, p_supplier_id, p_due_from, p_due_to, v_today, v_pattern, v_suppliers, v_digits;

  execute format($q$
    select coalesce(jsonb_agg(jsonb_build_object(
        'id', p.id, 'unit_id', p.unit_id, 'unit_name', su.name,
        'supplier_id', p.supplier_id, 'supplier_name', sp.name, 'supplier_cnpj', sp.cnpj, 'beneficiary', p.beneficiary,
        'kind', p.kind, 'barcode', p.barcode, 'linha_digitavel', p.linha_digitavel, 'bank_code', p.bank_code,
        'amount', p.amount, 'due_date', p.due_date, 'issue_date', p.issue_date, 'document_number', p.document_number,
        'notes', p.notes, 'status', p.status, 'situation', private.boleto_situation(p.status, p.due_date, $5),
        'paid_at', p.paid_at, 'paid_amount', p.paid_amount, 'payment_account', p.payment_account,
        'alerts', to_jsonb(p.alerts), 'created_at', p.created_at,
        'attachments', (select count(*) from storage.objects o where o.bucket_id = 'boletos' and o.name like p.id::text || '/%%'))
        order by %s), '[]'::jsonb)
    from (select b.* from public.boletos b where %s order by %s limit $9 offset $10) p
    join public.store_units su on su.id = p.unit_id
    left join public.suppliers sp on sp.id = p.supplier_id$q$,
    regexp_replace(v_order, '(^|, )', '\1p.', 'g'), v_where, v_order)
    into v_rows
    using p_unit_id, p_supplier_id, p_due_from, p_due_to, v_today, v_pattern, v_suppliers, v_digits, p_limit, p_offset;

  return jsonb_build_object('today', v_today, 'total', v_total, 'total_amount', v_sum, 'rows', v_rows);
end;
$$;

comment on function public.list_boletos(uuid, uuid, text, date, date, text, text, integer, integer) is
  'Filtered, sorted page of the caller''s boletos with total count and amount (policies decide the rows; situation derived in São Paulo).';

revoke all on function public.list_boletos(uuid, uuid, text, date, date, text, text, integer, integer) from public, anon;
grant execute on function public.list_boletos(uuid, uuid, text, date, date, text, text, integer, integer) to authenticated, service_role;

-- The history of one boleto with the names of who changed it (security definer for the names;
-- the boleto's unit must be one of the caller's).
create function public.get_boleto_history(p_boleto_id uuid)
returns table (id uuid, from_status text, to_status text, reason text, changed_at timestamptz, changed_by uuid, changed_by_name text)
language plpgsql stable security definer set search_path = '' as $$
begin
  return query
  select h.id, h.from_status, h.to_status, h.reason, h.changed_at, h.changed_by, coalesce(pr.full_name, '—')
  from public.boleto_status_history h
  left join public.profiles pr on pr.id = h.changed_by
  where h.boleto_id = p_boleto_id and h.unit_id = any (private.boleto_units())
  order by h.changed_at, h.id;
end;
$$;

comment on function public.get_boleto_history(uuid) is 'Status history of a boleto of the caller''s units, with the names of who changed it.';

revoke all on function public.get_boleto_history(uuid) from public, anon;
grant execute on function public.get_boleto_history(uuid) to authenticated, service_role;

-- The payables report (ADMIN, or VIEW_REPORTS with MANAGE_BOLETOS): on today's São Paulo date,
-- pending amounts due today, in the next 7 and 30 days and overdue by age (1–7, 8–30, over 30
-- days), paid in the period; per unit and per supplier (or beneficiary); and the pending amount
-- per due day from 30 days back to 60 ahead for the calendar chart. Security invoker: the
-- policies decide the rows, so every total is over the caller's units only.
create function public.get_boletos_report(
  p_unit_id uuid default null,
  p_supplier_id uuid default null,
  p_paid_from date default null,
  p_paid_to date default null)
returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_paid_from date := coalesce(p_paid_from, date_trunc('month', (now() at time zone 'America/Sao_Paulo'))::date);
  v_paid_to date := coalesce(p_paid_to, (now() at time zone 'America/Sao_Paulo')::date);
  v_result jsonb;
begin
  if not (private.is_admin() or (private.has_permission('VIEW_REPORTS') and private.has_permission('MANAGE_BOLETOS'))) then
    raise exception 'Sem permissão para o relatório de boletos' using errcode = '42501';
  end if;
  if v_paid_from > v_paid_to then
    raise exception 'O início do período deve ser anterior ou igual ao fim' using errcode = '22023';
  end if;
  if v_paid_to - v_paid_from > 3660 then
    raise exception 'O período de pagamentos deve ter no máximo 10 anos' using errcode = '22023';
  end if;

  with base as (
    select b.unit_id, b.supplier_id, coalesce(sp.name, b.beneficiary) as payee, b.status, b.due_date, b.amount, b.paid_at, b.paid_amount
    from public.boletos b
    left join public.suppliers sp on sp.id = b.supplier_id
    where (p_unit_id is null or b.unit_id = p_unit_id)
      and (p_supplier_id is null or b.supplier_id = p_supplier_id)
      and (b.status = 'PENDENTE' or (b.status = 'PAGO' and b.paid_at between v_paid_from and v_paid_to))
  ),
  measured as (
    select base.*,
      case when status = 'PENDENTE' then amount else 0 end as pending,
      case when status = 'PENDENTE' and due_date = v_today then amount else 0 end as due_today,
      case when status = 'PENDENTE' and due_date between v_today + 1 and v_today + 7 then amount else 0 end as next_7,
      case when status = 'PENDENTE' and due_date between v_today + 1 and v_today + 30 then amount else 0 end as next_30,
      case when status = 'PENDENTE' and due_date < v_today then amount else 0 end as overdue,
      case when status = 'PENDENTE' and due_date between v_today - 7 and v_today - 1 then amount else 0 end as overdue_1_7,
      case when status = 'PENDENTE' and due_date between v_today - 30 and v_today - 8 then amount else 0 end as overdue_8_30,
      case when status = 'PENDENTE' and due_date < v_today - 30 then amount else 0 end as overdue_over_30,
      case when status = 'PAGO' then paid_amount else 0 end as paid
    from base
  ),
  grouped as (
    select grouping(unit_id) as g_unit, grouping(payee) as g_payee, unit_id, payee,
      count(*) filter (where status = 'PENDENTE') as pending_count,
      count(*) filter (where due_today > 0) as due_today_count,
      count(*) filter (where next_7 > 0) as next_7_count,
      count(*) filter (where next_30 > 0) as next_30_count,
      count(*) filter (where overdue > 0) as overdue_count,
      count(*) filter (where overdue_1_7 > 0) as overdue_1_7_count,
      count(*) filter (where overdue_8_30 > 0) as overdue_8_30_count,
      count(*) filter (where overdue_over_30 > 0) as overdue_over_30_count,
      count(*) filter (where paid > 0) as paid_count,
      sum(pending) as pending, sum(due_today) as due_today, sum(next_7) as next_7, sum(next_30) as next_30,
      sum(overdue) as overdue, sum(overdue_1_7) as overdue_1_7, sum(overdue_8_30) as overdue_8_30,
      sum(overdue_over_30) as overdue_over_30, sum(paid) as paid
    from measured
    group by grouping sets ((), (unit_id), (payee))
  )
  select jsonb_build_object(
    'today', v_today,
    'paid_from', v_paid_from,
    'paid_to', v_paid_to,
    'totals', coalesce((select to_jsonb(g) - 'g_unit' - 'g_payee' - 'unit_id' - 'payee' from grouped g where g.g_unit = 1 and g.g_payee = 1),
                       '{}'::jsonb),
    'by_unit', coalesce((
      select jsonb_agg(jsonb_build_object('unit_id', g.unit_id, 'unit_name', su.name) || (to_jsonb(g) - 'g_unit' - 'g_payee' - 'unit_id' - 'payee')
                       order by su.name)
      from grouped g join public.store_units su on su.id = g.unit_id
      where g.g_unit = 0), '[]'::jsonb),
    'by_supplier', coalesce((
      select jsonb_agg(jsonb_build_object('payee', g.payee) || (to_jsonb(g) - 'g_unit' - 'g_payee' - 'unit_id' - 'payee')
                       order by g.pending desc, g.payee)
      from grouped g
      where g.g_payee = 0), '[]'::jsonb),
    'timeline', coalesce((
      select jsonb_agg(jsonb_build_object('date', d.day::date, 'amount', coalesce(t.amount, 0), 'count', coalesce(t.n, 0)) order by d.day)
      from generate_series(v_today - 30, v_today + 60, interval '1 day') as d(day)
      left join (
        select m.due_date, sum(m.pending) as amount, count(*) as n
        from measured m
        where m.status = 'PENDENTE' and m.due_date between v_today - 30 and v_today + 60
        group by m.due_date
      ) t on t.due_date = d.day::date), '[]'::jsonb))
  into v_result;
  return v_result;
end;
$$;

comment on function public.get_boletos_report(uuid, uuid, date, date) is
  'Payables report over the caller''s units: due today / next 7 / next 30 / overdue by age / paid in the period, by unit and by payee, and the daily pending amounts for the calendar.';

revoke all on function public.get_boletos_report(uuid, uuid, date, date) from public, anon;
grant execute on function public.get_boletos_report(uuid, uuid, date, date) to authenticated, service_role;

-- ===========================================================================
-- Attachments: a private bucket whose objects follow their boleto (`<boleto id>/<file name>`):
-- read by whoever sees the boleto, added while it is not cancelled, removed while it is pending.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('boletos', 'boletos', false, 10485760, array['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

create function private.boleto_attachment_status(p_name text)
returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  v_folder text := split_part(p_name, '/', 1);
  v_status text;
begin
  if v_folder !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' or split_part(p_name, '/', 2) = ''
     or split_part(p_name, '/', 3) <> '' then
    return null;
  end if;
  select b.status into v_status
  from public.boletos b
  where b.id = v_folder::uuid and b.unit_id = any (private.boleto_units());
  return v_status;
end;
$$;

comment on function private.boleto_attachment_status(text) is
  'Status of the boleto an attachment path (<boleto id>/<file>) belongs to, when the caller sees that boleto; null otherwise.';

revoke all on function private.boleto_attachment_status(text) from public, anon;
grant execute on function private.boleto_attachment_status(text) to authenticated, service_role;

create policy boletos_attachments_select on storage.objects
  for select to authenticated
  using (bucket_id = 'boletos' and private.boleto_attachment_status(name) is not null);

create policy boletos_attachments_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'boletos' and private.boleto_attachment_status(name) in ('PENDENTE', 'PAGO'));

create policy boletos_attachments_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'boletos' and private.boleto_attachment_status(name) = 'PENDENTE');
