-- Boletos after the second attacker review (issue 21, items 7, 8, 10, 12 and 13):
--
-- * The decoder follows FEBRABAN where it refused what the standard allows, and agrees with the
--   browser's (src/features/boletos/code.ts) on every input: a code whose amount field is zero
--   (credit-card bills, boletos whose value is set at payment) is valid and the user types the
--   amount (`amount` holds what is due, the code keeps its zero; the check constraint follows);
--   input made only of separators is "nothing typed"; the separators are the browser's exactly.
-- * A payment is dated between the boleto's issue date (its entry day in São Paulo when it has
--   none) and today; the paid amount is checked after rounding, so no refusal leaks the row.
-- * A code already entered (paid or pending) anywhere in the chain is entered again only with a
--   reason (`duplicate_reason`), and paying a boleto whose twin is paid takes an explicit
--   confirmation; the list and the report name such twins.
-- * Attachments freeze with their boleto for every path, including hosted Storage's signed
--   upload URLs, which write as the storage superuser (the insert policy is tested only when the
--   URL is signed): a trigger on storage.objects refuses adding a file to a cancelled boleto and
--   replacing, moving or removing a file of a boleto that is not pending.

-- ===========================================================================
-- Decoding

-- The separators a paste or a scanner burst may carry: JavaScript's \s, '.' and '-' (the
-- browser's isSeparatorCode). Anything else that is not an ASCII digit is refused.
create or replace function private.boleto_barcode_from_code(p_code text)
returns text
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  v_digits text;
  v_barcode text;
  v_error text;
begin
  if p_code is null then
    raise exception 'Informe o código de barras ou a linha digitável.' using errcode = '22023';
  end if;
  if p_code ~ E'[^0-9 .\\t\\n\\v\\f\\r\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff-]' then
    raise exception 'O código deve conter apenas números.' using errcode = '22023';
  end if;
  v_digits := regexp_replace(p_code, '[^0-9]', '', 'g');
  -- Blank or separators only: nothing was entered yet.
  if v_digits = '' then
    raise exception 'Informe o código de barras ou a linha digitável.' using errcode = '22023';
  end if;
  if length(v_digits) = 44 then
    v_barcode := v_digits;
  elsif length(v_digits) = 47 then
    for i in 1..3 loop
      if private.boleto_mod10(substr(v_digits, case i when 1 then 1 when 2 then 11 else 22 end, case i when 1 then 9 else 10 end))
         <> ascii(substr(v_digits, case i when 1 then 10 when 2 then 21 else 32 end, 1)) - 48 then
        raise exception 'Campo % da linha digitável inválido', i using errcode = '22023';
      end if;
    end loop;
    -- A 47-digit linha starting with 8 gives a barcode starting with 8: it is read as the
    -- arrecadação barcode it is (there is no bank 8xx), as the browser does.
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

-- FEBRABAN allows an amount field of zeros (the value is set at payment): such a code is valid.
create or replace function private.boleto_barcode_error(p_barcode text)
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
    return null;
  end if;
  -- The check digit first (a mistyped currency digit is a typo, as the browser reports it), then the currency.
  if private.boleto_mod11_bank(left(p_barcode, 4) || substr(p_barcode, 6)) <> ascii(substr(p_barcode, 5, 1)) - 48 then
    return 'Dígito verificador geral inválido';
  end if;
  if substr(p_barcode, 4, 1) <> '9' then
    return 'Moeda inválida: apenas boletos em real (9) são aceitos.';
  end if;
  return null;
end;
$$;

comment on function private.boleto_barcode_error(text) is
  'Null for a valid 44-digit boleto barcode (bank or arrecadação, every check digit, currency real; an amount of zero means "set at payment"); otherwise the Portuguese reason.';

-- The amount column is what is due: the code's amount when the code carries one above zero,
-- otherwise the amount the user typed.
alter table public.boletos drop constraint boletos_amount_matches_code;
alter table public.boletos add constraint boletos_amount_matches_code
  check (coalesce(private.boleto_amount_of(barcode), 0) = 0 or amount = private.boleto_amount_of(barcode));

-- ===========================================================================
-- Codes entered twice

alter table public.boletos add column duplicate_reason text;
alter table public.boletos add constraint boletos_duplicate_reason_limit check (char_length(coalesce(duplicate_reason, '')) <= 500);

comment on column public.boletos.duplicate_reason is
  'Why a code already entered (paid or pending) elsewhere in the chain was entered again; required by the database in that case.';

grant insert (duplicate_reason), update (duplicate_reason) on table public.boletos to authenticated;

-- The other boleto with the same code that is not cancelled, anywhere in the chain (a paid one
-- first, then the oldest): {id (when the caller works its unit), unit_name, status, due_date,
-- amount, paid_at, paid_amount}; null when there is none. Security definer: a unit cannot see the
-- others' boletos, and this is exactly what check_boleto_warnings tells anyway.
create function private.boleto_twin(p_barcode text, p_id uuid)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', case when b.unit_id = any (private.boleto_units()) then b.id end,
    'unit_name', su.name, 'status', b.status, 'due_date', b.due_date, 'amount', b.amount,
    'paid_at', b.paid_at, 'paid_amount', b.paid_amount)
  from public.boletos b
  join public.store_units su on su.id = b.unit_id
  where b.barcode = p_barcode and b.status <> 'CANCELADO' and b.id is distinct from p_id
  order by b.status = 'PAGO' desc, b.paid_at desc nulls last, b.created_at, b.id
  limit 1
$$;

comment on function private.boleto_twin(text, uuid) is
  'The paid (else oldest pending) boleto with the same code as another, anywhere in the chain; null when none.';

revoke all on function private.boleto_twin(text, uuid) from public, anon;
grant execute on function private.boleto_twin(text, uuid) to authenticated, service_role;

create function private.boleto_brl(p_amount numeric)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select 'R$ ' || translate(to_char(p_amount, 'FM999,999,990.00'), ',.', '.,')
$$;

comment on function private.boleto_brl(numeric) is 'An amount as the screens write it: R$ 1.234,56.';

revoke all on function private.boleto_brl(numeric) from public, anon;
grant execute on function private.boleto_brl(numeric) to authenticated, service_role;

-- 'já pago em 10/03/2025, Unidade Centro, R$ 123,45' or 'pendente na Unidade Centro, vence em
-- 10/03/2025, R$ 123,45': what a refusal and a warning say about a twin.
create function private.boleto_twin_text(p_twin jsonb)
returns text
language sql immutable set search_path = '' as $$
  select case when p_twin ->> 'status' = 'PAGO'
    then 'já pago em ' || to_char((p_twin ->> 'paid_at')::date, 'DD/MM/YYYY') || ', ' || (p_twin ->> 'unit_name') || ', '
         || private.boleto_brl((p_twin ->> 'paid_amount')::numeric)
    else 'pendente na ' || (p_twin ->> 'unit_name') || ', vence em ' || to_char((p_twin ->> 'due_date')::date, 'DD/MM/YYYY') || ', '
         || private.boleto_brl((p_twin ->> 'amount')::numeric)
  end
$$;

comment on function private.boleto_twin_text(jsonb) is 'Portuguese description of a twin boleto (private.boleto_twin) for refusals.';

revoke all on function private.boleto_twin_text(jsonb) from public, anon;
grant execute on function private.boleto_twin_text(jsonb) to authenticated, service_role;

-- Every write: as before, and a code whose amount is zero takes the typed amount; a code entered
-- twice needs its reason.
create or replace function private.boletos_before_write()
returns trigger
language plpgsql set search_path = '' as $$
declare
  v_error text;
  v_coded numeric;
  v_twin jsonb;
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
  -- A code whose amount field is zero (a credit-card bill, a value set at payment) carries no
  -- amount: the amount is the one the user typed.
  if v_coded > 0 and new.amount is distinct from v_coded then
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
  -- A code already entered and not cancelled (paid or pending) anywhere in the chain is entered
  -- again only with a reason: the twin is named so the user sees what was paid.
  new.duplicate_reason := nullif(btrim(new.duplicate_reason), '');
  if tg_op = 'INSERT' or new.barcode is distinct from old.barcode then
    v_twin := private.boleto_twin(new.barcode, new.id);
    if v_twin is null then
      new.duplicate_reason := null;
    elsif new.duplicate_reason is null or char_length(new.duplicate_reason) < 3 then
      raise exception 'Este código já foi lançado (%): informe o motivo para lançá-lo de novo (mínimo de 3 caracteres)',
        private.boleto_twin_text(v_twin) using errcode = '23514';
    end if;
  end if;
  if char_length(coalesce(new.duplicate_reason, '')) > 500 then
    raise exception 'Motivo do lançamento repetido: no máximo 500 caracteres' using errcode = '23514';
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
  'BEFORE INSERT/UPDATE on boletos: derived code columns and warnings, author and server time, pending-only edits by users, a reason for a code entered twice.';

revoke all on function private.boletos_before_write() from public, anon, authenticated;

-- ===========================================================================
-- Payment

-- One boleto or a selection paid on one date from one account. The date lies between the
-- boleto's issue date (its entry day in São Paulo when it has none) and today in São Paulo; a
-- boleto whose code was already paid in another boleto is paid only with p_confirm_paid_twin
-- (the screen names the twin and asks again), and the history keeps that it was confirmed.
drop function public.mark_boletos_paid(uuid[], date, text, numeric);

create function public.mark_boletos_paid(p_ids uuid[], p_paid_at date, p_payment_account text default null,
                                         p_paid_amount numeric default null, p_confirm_paid_twin boolean default false)
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.boletos;
  v_id uuid;
  v_account text := nullif(btrim(coalesce(p_payment_account, '')), '');
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_amount numeric;
  v_first date;
  v_twin jsonb;
  v_count integer := 0;
begin
  if coalesce(cardinality(p_ids), 0) = 0 then
    raise exception 'Selecione ao menos um boleto' using errcode = '22023';
  end if;
  if cardinality(p_ids) > 500 then
    raise exception 'Selecione no máximo 500 boletos por vez' using errcode = '22023';
  end if;
  if array_position(p_ids, null) is not null then
    raise exception 'Boleto não encontrado ou sem permissão' using errcode = '42501';
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
    -- Checked as it will be stored (two decimals): 0.004 is zero, not a leak of the row.
    if p_paid_amount = 'NaN'::numeric then
      raise exception 'O valor pago deve ser maior que zero e no máximo R$ 99.999.999,99' using errcode = '22023';
    end if;
    v_amount := round(p_paid_amount, 2);
    if v_amount <= 0 or v_amount > 99999999.99 then
      raise exception 'O valor pago deve ser maior que zero e no máximo R$ 99.999.999,99' using errcode = '22023';
    end if;
  end if;
  foreach v_id in array (select array_agg(distinct x order by x) from unnest(p_ids) x) loop
    v_row := private.lock_boleto_for_caller(v_id);
    if v_row.status <> 'PENDENTE' then
      raise exception 'Apenas boletos pendentes podem ser pagos (há um boleto %)', private.boleto_status_label(v_row.status)
        using errcode = '22023';
    end if;
    v_first := coalesce(v_row.issue_date, (v_row.created_at at time zone 'America/Sao_Paulo')::date);
    if p_paid_at < v_first then
      raise exception 'A data do pagamento (%) não pode ser anterior à % do boleto de % (%)',
        to_char(p_paid_at, 'DD/MM/YYYY'), case when v_row.issue_date is not null then 'emissão' else 'data de lançamento' end,
        private.boleto_brl(v_row.amount), to_char(v_first, 'DD/MM/YYYY')
        using errcode = '22023';
    end if;
    -- Twins are paid one at a time (two payers of the same code in parallel: the second sees the first).
    perform pg_advisory_xact_lock(hashtextextended('boleto-code:' || v_row.barcode, 0));
    v_twin := private.boleto_twin(v_row.barcode, v_row.id);
    if v_twin is not null and v_twin ->> 'status' = 'PAGO' then
      if not coalesce(p_confirm_paid_twin, false) then
        raise exception 'O boleto de % tem o mesmo código de um boleto %: confirme o pagamento em duplicidade',
          private.boleto_brl(v_row.amount), private.boleto_twin_text(v_twin)
          using errcode = '22023';
      end if;
      perform set_config('app.boleto_status_reason',
        'Pagamento em duplicidade confirmado (mesmo código ' || private.boleto_twin_text(v_twin) || ')', true);
    else
      perform set_config('app.boleto_status_reason', '', true);
    end if;
    update public.boletos
    set status = 'PAGO', paid_at = p_paid_at, paid_amount = coalesce(v_amount, v_row.amount),
        payment_account = v_account, paid_by = auth.uid()
    where id = v_id;
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

comment on function public.mark_boletos_paid(uuid[], date, text, numeric, boolean) is
  'Marks pending boletos of the caller''s units as paid (date from the issue or entry day to today, optional account; amount only for one boleto; a paid twin only with p_confirm_paid_twin).';

revoke all on function public.mark_boletos_paid(uuid[], date, text, numeric, boolean) from public, anon;
grant execute on function public.mark_boletos_paid(uuid[], date, text, numeric, boolean) to authenticated, service_role;

-- ===========================================================================
-- Warnings, list and report name the twins

create or replace function public.check_boleto_warnings(p_barcode text, p_unit_id uuid, p_supplier_id uuid, p_amount numeric,
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
        'unit_name', su.name, 'status', b.status, 'due_date', b.due_date, 'amount', b.amount,
        'paid_at', b.paid_at, 'paid_amount', b.paid_amount) order by b.status = 'PAGO' desc, b.created_at)
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

create or replace function public.list_boletos(
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
        'duplicate_reason', p.duplicate_reason, 'twin', private.boleto_twin(p.barcode, p.id),
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
  'Filtered, sorted page of the caller''s boletos with total count and amount (policies decide the rows; situation derived in São Paulo); each row names its twin (same code, not cancelled, anywhere in the chain).';

revoke all on function public.list_boletos(uuid, uuid, text, date, date, text, text, integer, integer) from public, anon;
grant execute on function public.list_boletos(uuid, uuid, text, date, date, text, text, integer, integer) to authenticated, service_role;

create or replace function public.get_boletos_report(
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
    -- Codes entered more than once (not cancelled) of which at least one is paid: a payment made
    -- twice, or about to be. Over the caller's units, like every total here.
    'duplicate_codes', coalesce((
      select jsonb_agg(d.item order by d.last_paid desc, d.linha)
      from (
        select b.linha_digitavel as linha, max(b.paid_at) as last_paid,
          jsonb_build_object('linha_digitavel', b.linha_digitavel, 'boletos', jsonb_agg(jsonb_build_object(
            'id', b.id, 'unit_name', su.name, 'payee', coalesce(sp.name, b.beneficiary), 'status', b.status,
            'due_date', b.due_date, 'amount', b.amount, 'paid_at', b.paid_at, 'paid_amount', b.paid_amount,
            'duplicate_reason', b.duplicate_reason) order by b.created_at)) as item
        from public.boletos b
        join public.store_units su on su.id = b.unit_id
        left join public.suppliers sp on sp.id = b.supplier_id
        where b.status <> 'CANCELADO' and (p_unit_id is null or b.unit_id = p_unit_id)
          and (p_supplier_id is null or b.supplier_id = p_supplier_id)
          and b.barcode in (select t.barcode from public.boletos t where t.status = 'PAGO'
                            and (p_unit_id is null or t.unit_id = p_unit_id))
        group by b.linha_digitavel
        having count(*) > 1 and count(*) filter (where b.status = 'PAGO') > 0
        limit 100) d), '[]'::jsonb),
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
  'Payables report over the caller''s units: due today / next 7 / next 30 / overdue by age / paid in the period, by unit and by payee, the daily pending amounts for the calendar and the codes entered twice of which one is paid.';

revoke all on function public.get_boletos_report(uuid, uuid, date, date) from public, anon;
grant execute on function public.get_boletos_report(uuid, uuid, date, date) to authenticated, service_role;

-- ===========================================================================
-- Attachments freeze with their boleto, whatever the path

-- Hosted Storage checks the insert policy only when a signed upload URL is made (a probe insert
-- as the user) and writes every upload as its superuser: a URL signed while the boleto was
-- pending would still add a file after it is cancelled, and one signed with upsert would replace
-- a paid boleto's file. A trigger runs for every role, so this is the rule on every path: a
-- file is added while the boleto is pending or paid (the proof of payment), replaced, moved or
-- removed only while it is pending, and never outside a boleto's folder.
create function private.boleto_attachment_frozen(p_name text, p_action text)
returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  v_folder text := split_part(p_name, '/', 1);
  v_status text;
begin
  if v_folder !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' or split_part(p_name, '/', 2) = ''
     or split_part(p_name, '/', 3) <> '' then
    return 'Anexo de boleto fora da pasta de um boleto';
  end if;
  select b.status into v_status from public.boletos b where b.id = v_folder::uuid;
  if v_status is null then
    return case when p_action = 'remove' then null else 'Boleto do anexo não encontrado' end;
  end if;
  if v_status = 'CANCELADO' then
    return 'Boleto cancelado não recebe, substitui nem remove anexos';
  end if;
  if v_status = 'PAGO' and p_action <> 'add' then
    return 'Anexo de boleto pago não pode ser substituído nem removido';
  end if;
  return null;
end;
$$;

comment on function private.boleto_attachment_frozen(text, text) is
  'Why an attachment path of the boletos bucket may not be added to (add), replaced or moved (replace) or removed (remove) now; null when it may.';

revoke all on function private.boleto_attachment_frozen(text, text) from public, anon;
grant execute on function private.boleto_attachment_frozen(text, text) to authenticated, service_role;

create function private.boleto_attachments_guard()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_error text;
begin
  if tg_op = 'INSERT' then
    v_error := private.boleto_attachment_frozen(new.name, 'add');
  elsif tg_op = 'DELETE' then
    v_error := private.boleto_attachment_frozen(old.name, 'remove');
  else
    if old.bucket_id = 'boletos' then
      v_error := private.boleto_attachment_frozen(old.name, 'replace');
    end if;
    if v_error is null and new.bucket_id = 'boletos' then
      v_error := private.boleto_attachment_frozen(new.name, case when new.name = old.name and old.bucket_id = 'boletos' then 'replace' else 'add' end);
    end if;
  end if;
  if v_error is not null then
    raise exception '%', v_error using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

comment on function private.boleto_attachments_guard() is
  'BEFORE INSERT/UPDATE/DELETE on storage.objects of the boletos bucket: files follow their boleto''s status for every role.';

revoke all on function private.boleto_attachments_guard() from public, anon, authenticated;

create trigger boletos_attachments_guard_insert
  before insert on storage.objects
  for each row when (new.bucket_id = 'boletos')
  execute function private.boleto_attachments_guard();

create trigger boletos_attachments_guard_update
  before update on storage.objects
  for each row when (old.bucket_id = 'boletos' or new.bucket_id = 'boletos')
  execute function private.boleto_attachments_guard();

create trigger boletos_attachments_guard_delete
  before delete on storage.objects
  for each row when (old.bucket_id = 'boletos')
  execute function private.boleto_attachments_guard();

