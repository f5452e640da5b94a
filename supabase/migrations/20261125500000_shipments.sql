-- Remessas: shipments of goods between units, their lines (product, quantity, lot, expiry), an
-- append-only status history (SOLICITADO → PENDENTE → ENTREGUE, spec §4) and the receiver's
-- signature on the public page /assinar/:token. Staff write only through the RPCs below, which
-- check the unit, the status and every field; the public page reaches the database only through
-- get_shipment_for_signature and sign_shipment (security definer, anon-callable, rate-limited per
-- IP): anon has no table access at all. A signature link's token (256 random bits) is handed out
-- once and only its SHA-256 is kept; it expires (shipment_settings, default 72 h), is single use
-- and is revoked when a new link is made. The signature records the signer, server time, IP chain,
-- user agent and the SHA-256 of the shipment's canonical content, so a later change is detectable
-- (Lei 14.063/2020 art. 4 and MP 2.200-2/2001 art. 10 §2: the evidence a simple signature needs).

-- ===========================================================================
-- Who works which shipments

-- The units whose shipments the caller works: all for ADMIN, the current and assigned units for
-- MANAGE_REMESSA holders, none otherwise (private.units_with_permission, beside the boletos').
create function private.shipment_units()
returns uuid[]
language sql stable security definer set search_path = '' as $$
  select private.units_with_permission('MANAGE_REMESSA')
$$;

comment on function private.shipment_units() is
  'Units whose shipments the caller works: all for ADMIN, current and assigned units for MANAGE_REMESSA holders, none otherwise.';

revoke all on function private.shipment_units() from public, anon;
grant execute on function private.shipment_units() to authenticated, service_role;

-- CPF check digits (module 11, weights 10..2 then 11..2); all-equal digits are not a CPF.
create function private.is_valid_cpf(p_document text)
returns boolean
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  v text := regexp_replace(coalesce(p_document, ''), '[^0-9]', '', 'g');
  v_sum integer;
  v_digit integer;
begin
  if length(v) <> 11 or v ~ '^(\d)\1{10}$' or coalesce(p_document, '') ~ '[^0-9 .-]' then
    return false;
  end if;
  for k in 9..10 loop
    v_sum := 0;
    for i in 1..k loop
      v_sum := v_sum + (ascii(substr(v, i, 1)) - 48) * (k + 2 - i);
    end loop;
    v_digit := (v_sum * 10) % 11 % 10;
    if v_digit <> ascii(substr(v, k + 1, 1)) - 48 then
      return false;
    end if;
  end loop;
  return true;
end;
$$;

comment on function private.is_valid_cpf(text) is 'True for a CPF (digits or formatted) whose two check digits are right and whose digits are not all equal.';

revoke all on function private.is_valid_cpf(text) from public, anon;
grant execute on function private.is_valid_cpf(text) to authenticated, service_role;

-- ===========================================================================
-- Tables

create table public.shipment_settings (
  id uuid primary key default gen_random_uuid(),
  signature_link_hours integer not null default 72,
  updated_at timestamptz not null default now(),
  constraint shipment_settings_link_hours check (signature_link_hours between 1 and 720)
);

comment on table public.shipment_settings is 'One row: how long a shipment signature link stays valid (hours).';

-- A single row.
create unique index shipment_settings_single_row on public.shipment_settings ((true));

insert into public.shipment_settings default values;

alter table public.shipment_settings enable row level security;
revoke all on table public.shipment_settings from anon, authenticated;
grant select on table public.shipment_settings to authenticated;
grant all on table public.shipment_settings to service_role;

create policy shipment_settings_select on public.shipment_settings
  for select to authenticated
  using ((select private.has_access()));

create table public.shipments (
  id uuid primary key default gen_random_uuid(),
  number bigint generated always as identity unique,
  origin_unit_id uuid not null references public.store_units (id),
  destination_unit_id uuid not null references public.store_units (id),
  status text not null default 'SOLICITADO',
  notes text,
  created_by uuid not null references auth.users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  dispatched_at timestamptz,
  dispatched_by uuid references auth.users (id) on delete set null,
  delivered_at timestamptz,
  constraint shipments_status_valid check (status in ('SOLICITADO', 'PENDENTE', 'ENTREGUE')),
  constraint shipments_units_differ check (origin_unit_id <> destination_unit_id),
  constraint shipments_notes_limit check (char_length(coalesce(notes, '')) <= 1000),
  constraint shipments_dispatch_fields check ((status = 'SOLICITADO') = (dispatched_at is null)),
  constraint shipments_delivery_fields check ((status = 'ENTREGUE') = (delivered_at is not null))
);

comment on table public.shipments is 'Shipments of goods between units (spec §2 /remessas): SOLICITADO → PENDENTE (dispatched) → ENTREGUE (signed).';

create index shipments_origin_idx on public.shipments (origin_unit_id, created_at desc);
create index shipments_destination_idx on public.shipments (destination_unit_id, created_at desc);
create index shipments_status_idx on public.shipments (status, created_at desc);
create index shipments_created_by_idx on public.shipments (created_by);
create index shipments_dispatched_by_idx on public.shipments (dispatched_by);

create table public.shipment_items (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references public.shipments (id) on delete cascade,
  product_id uuid not null references public.products (id),
  quantity integer not null,
  lot text,
  expiry_date date,
  position integer not null default 0,
  constraint shipment_items_quantity_range check (quantity between 1 and 100000),
  constraint shipment_items_lot_limit check (char_length(coalesce(lot, '')) <= 40)
);

comment on table public.shipment_items is 'Lines of a shipment: catalogue product, quantity, lot and expiry.';

create index shipment_items_shipment_idx on public.shipment_items (shipment_id, position);
create index shipment_items_product_idx on public.shipment_items (product_id);

create table public.shipment_status_history (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references public.shipments (id) on delete cascade,
  from_status text,
  to_status text not null,
  changed_by uuid references auth.users (id) on delete set null,
  changed_at timestamptz not null default now()
);

comment on table public.shipment_status_history is 'Every status change of a shipment (who, when, from, to), written by the database, never edited.';

create index shipment_status_history_shipment_idx on public.shipment_status_history (shipment_id, changed_at);
create index shipment_status_history_changed_by_idx on public.shipment_status_history (changed_by);

create table public.shipment_signature_links (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references public.shipments (id) on delete cascade,
  -- SHA-256 (hex) of the token: the token itself is shown once to whoever made the link.
  token_hash text not null unique,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  used_at timestamptz
);

comment on table public.shipment_signature_links is 'Signature links of shipments: only the token''s SHA-256, expiry, revocation and use.';

create index shipment_signature_links_shipment_idx on public.shipment_signature_links (shipment_id, created_at desc);
create index shipment_signature_links_created_by_idx on public.shipment_signature_links (created_by);

create table public.shipment_signatures (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null unique references public.shipments (id) on delete restrict,
  link_id uuid not null references public.shipment_signature_links (id) on delete restrict,
  signer_name text not null,
  signer_document text not null,
  signature_png text not null,
  acceptance_text text not null,
  signed_at timestamptz not null default now(),
  ip_address text,
  user_agent text,
  -- SHA-256 of private.shipment_canonical_content at signing, and that content itself.
  content_hash text not null,
  content jsonb not null,
  discrepancies jsonb not null default '[]'::jsonb
);

comment on table public.shipment_signatures is
  'The receiver''s signature of a shipment: signer, CPF, drawn image, acceptance text, server time, IP, user agent, content hash and reported discrepancies.';

create index shipment_signatures_link_idx on public.shipment_signatures (link_id);

-- Per-IP attempt counters of the public RPCs (fixed 10-minute windows).
create table private.public_signature_attempts (
  ip text not null,
  window_start timestamptz not null,
  attempts integer not null default 0,
  primary key (ip, window_start)
);

comment on table private.public_signature_attempts is 'Attempts per IP and 10-minute window on the public signature RPCs (rate limit).';

-- RLS: staff read what their units send or receive; nobody writes tables directly (the RPCs do).
alter table public.shipments enable row level security;
alter table public.shipment_items enable row level security;
alter table public.shipment_status_history enable row level security;
alter table public.shipment_signature_links enable row level security;
alter table public.shipment_signatures enable row level security;

revoke all on table public.shipments, public.shipment_items, public.shipment_status_history,
  public.shipment_signature_links, public.shipment_signatures from anon, authenticated;
grant select on table public.shipments, public.shipment_items, public.shipment_status_history to authenticated;
-- The token hash and the full CPF are not for the API: the RPCs hand out what screens show.
grant select (id, shipment_id, created_by, created_at, expires_at, revoked_at, used_at) on table public.shipment_signature_links to authenticated;
grant select (id, shipment_id, link_id, signer_name, signed_at, content_hash, discrepancies) on table public.shipment_signatures to authenticated;
grant all on table public.shipments, public.shipment_items, public.shipment_status_history,
  public.shipment_signature_links, public.shipment_signatures to service_role;

create policy shipments_select on public.shipments
  for select to authenticated
  using (origin_unit_id = any ((select private.shipment_units())::uuid[])
         or destination_unit_id = any ((select private.shipment_units())::uuid[]));

-- The child tables follow their shipment (security definer: one lookup, no nested policies).
create function private.can_see_shipment(p_shipment_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.shipments s
    where s.id = p_shipment_id
      and (s.origin_unit_id = any (private.shipment_units()) or s.destination_unit_id = any (private.shipment_units())))
$$;

comment on function private.can_see_shipment(uuid) is 'Whether the caller works the shipment (its origin or destination is one of the caller''s units).';

revoke all on function private.can_see_shipment(uuid) from public, anon;
grant execute on function private.can_see_shipment(uuid) to authenticated, service_role;

create policy shipment_items_select on public.shipment_items
  for select to authenticated using (private.can_see_shipment(shipment_id));
create policy shipment_status_history_select on public.shipment_status_history
  for select to authenticated using (private.can_see_shipment(shipment_id));
create policy shipment_signature_links_select on public.shipment_signature_links
  for select to authenticated using (private.can_see_shipment(shipment_id));
create policy shipment_signatures_select on public.shipment_signatures
  for select to authenticated using (private.can_see_shipment(shipment_id));

-- ===========================================================================
-- Guards: history append-only; a signed shipment's content and signature frozen for users and
-- the service role (the owner can still tamper, and the verification will say so).

create function private.refuse_shipment_history_change()
returns trigger
language plpgsql set search_path = '' as $$
begin
  -- A deleted (never dispatched) shipment takes its history along through the cascade.
  if tg_op = 'DELETE' and not exists (select 1 from public.shipments s where s.id = old.shipment_id) then
    return old;
  end if;
  raise exception 'O histórico da remessa não pode ser alterado nem excluído' using errcode = '42501';
end;
$$;

comment on function private.refuse_shipment_history_change() is 'BEFORE UPDATE/DELETE/TRUNCATE on shipment_status_history: refuses, except the cascade of a deleted shipment.';

revoke all on function private.refuse_shipment_history_change() from public, anon, authenticated;

create trigger shipment_status_history_guard
  before update or delete on public.shipment_status_history
  for each row execute function private.refuse_shipment_history_change();

create trigger shipment_status_history_no_truncate
  before truncate on public.shipment_status_history
  for each statement execute function private.refuse_shipment_history_change();

create function private.shipments_record_status()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    insert into public.shipment_status_history (shipment_id, from_status, to_status, changed_by)
    -- Nobody signed in for the public signature (changed_by null: the signer is in shipment_signatures).
    values (new.id, case when tg_op = 'UPDATE' then old.status end, new.status, auth.uid());
  end if;
  return null;
end;
$$;

comment on function private.shipments_record_status() is 'AFTER INSERT/UPDATE OF status on shipments: appends the change to shipment_status_history.';

revoke all on function private.shipments_record_status() from public, anon, authenticated;

create trigger shipments_record_status
  after insert or update of status on public.shipments
  for each row execute function private.shipments_record_status();

create function private.guard_signed_shipment()
returns trigger
language plpgsql set search_path = '' as $$
declare
  v_status text;
begin
  if current_user not in ('authenticated', 'anon', 'service_role') then
    return coalesce(new, old);
  end if;
  if tg_table_name = 'shipment_signatures' then
    raise exception 'A assinatura de uma remessa não pode ser alterada nem excluída' using errcode = '42501';
  end if;
  select s.status into v_status from public.shipments s where s.id = coalesce(new.shipment_id, old.shipment_id);
  if v_status is distinct from 'SOLICITADO' then
    raise exception 'Apenas remessas solicitadas podem ser editadas' using errcode = '42501';
  end if;
  return coalesce(new, old);
end;
$$;

comment on function private.guard_signed_shipment() is
  'BEFORE writes on shipment_items and shipment_signatures: lines change only while SOLICITADO; a signature never changes (users and service role).';

revoke all on function private.guard_signed_shipment() from public, anon, authenticated;

create trigger shipment_items_guard
  before insert or update or delete on public.shipment_items
  for each row execute function private.guard_signed_shipment();

create trigger shipment_signatures_guard
  before update or delete on public.shipment_signatures
  for each row execute function private.guard_signed_shipment();

-- ===========================================================================
-- Canonical content and its hash

-- What the signature covers: the shipment's identity, units, notes and every line (product,
-- quantity, lot, expiry), as jsonb (whose text form has sorted keys: the same content always
-- gives the same text).
create function private.shipment_canonical_content(p_shipment_id uuid)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', s.id, 'number', s.number, 'origin_unit_id', s.origin_unit_id, 'destination_unit_id', s.destination_unit_id,
    'notes', s.notes,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object('id', i.id, 'product_id', i.product_id, 'quantity', i.quantity, 'lot', i.lot,
                                          'expiry_date', i.expiry_date) order by i.position, i.id)
      from public.shipment_items i where i.shipment_id = s.id), '[]'::jsonb))
  from public.shipments s
  where s.id = p_shipment_id
$$;

comment on function private.shipment_canonical_content(uuid) is 'The content a shipment signature covers (identity, units, notes, lines), as jsonb.';

create function private.shipment_content_hash(p_shipment_id uuid)
returns text
language sql stable security definer set search_path = '' as $$
  select encode(sha256(convert_to(private.shipment_canonical_content(p_shipment_id)::text, 'UTF8')), 'hex')
$$;

comment on function private.shipment_content_hash(uuid) is 'SHA-256 (hex) of the shipment''s canonical content.';

revoke all on function private.shipment_canonical_content(uuid), private.shipment_content_hash(uuid) from public, anon, authenticated;

-- ===========================================================================
-- Staff RPCs

-- A shipment the caller works, locked; or a refusal that does not say whether it exists.
create function private.lock_shipment_for_caller(p_id uuid)
returns public.shipments
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.shipments;
  v_units uuid[] := private.shipment_units();
begin
  select * into v_row from public.shipments s where s.id = p_id for update;
  if not found or not (v_row.origin_unit_id = any (v_units) or v_row.destination_unit_id = any (v_units)) then
    raise exception 'Remessa não encontrada ou sem permissão' using errcode = '42501';
  end if;
  return v_row;
end;
$$;

comment on function private.lock_shipment_for_caller(uuid) is 'Locks a shipment of the caller''s units, or refuses with 42501.';

revoke all on function private.lock_shipment_for_caller(uuid) from public, anon, authenticated;

create function private.shipment_status_label(p_status text)
returns text
language sql immutable set search_path = '' as $$
  select case p_status when 'SOLICITADO' then 'Solicitado' when 'PENDENTE' then 'Pendente' when 'ENTREGUE' then 'Entregue' else p_status end
$$;

comment on function private.shipment_status_label(text) is 'Portuguese label of a shipment status.';

revoke all on function private.shipment_status_label(text) from public, anon, authenticated;

-- Creates (p_id null) or rewrites a requested shipment and all its lines, in one transaction.
create function public.save_shipment(p_id uuid, p_origin_unit_id uuid, p_destination_unit_id uuid, p_notes text, p_items jsonb)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_units uuid[] := private.shipment_units();
  v_row public.shipments;
  v_id uuid := p_id;
  v_item jsonb;
  v_position integer := 0;
  v_product_id uuid;
  v_product_name text;
  v_quantity numeric;
  v_lot text;
  v_expiry date;
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_notes text := nullif(btrim(coalesce(p_notes, '')), '');
  v_seen text[] := '{}';
begin
  if cardinality(v_units) = 0 then
    raise exception 'Sem permissão para remessas' using errcode = '42501';
  end if;
  if p_origin_unit_id is null or p_destination_unit_id is null then
    raise exception 'Informe a unidade de origem e a de destino' using errcode = '22023';
  end if;
  if p_origin_unit_id = p_destination_unit_id then
    raise exception 'A origem e o destino devem ser unidades diferentes' using errcode = '22023';
  end if;
  if not exists (select 1 from public.store_units su where su.id = p_origin_unit_id)
     or not exists (select 1 from public.store_units su where su.id = p_destination_unit_id) then
    raise exception 'Unidade não encontrada' using errcode = '22023';
  end if;
  if not (p_origin_unit_id = any (v_units) or p_destination_unit_id = any (v_units)) then
    raise exception 'Você só pode criar remessas que saiam da sua unidade ou cheguem a ela' using errcode = '42501';
  end if;
  if char_length(coalesce(v_notes, '')) > 1000 then
    raise exception 'As observações devem ter no máximo 1000 caracteres' using errcode = '22023';
  end if;
  if p_items is null or jsonb_typeof(p_items) <> 'array' or jsonb_array_length(p_items) = 0 then
    raise exception 'Inclua ao menos um item' using errcode = '22023';
  end if;
  if jsonb_array_length(p_items) > 500 then
    raise exception 'Uma remessa pode ter no máximo 500 itens' using errcode = '22023';
  end if;

  if v_id is null then
    insert into public.shipments (origin_unit_id, destination_unit_id, notes, created_by)
    values (p_origin_unit_id, p_destination_unit_id, v_notes, auth.uid())
    returning id into v_id;
  else
    v_row := private.lock_shipment_for_caller(v_id);
    if v_row.status <> 'SOLICITADO' then
      raise exception 'Apenas remessas solicitadas podem ser editadas' using errcode = '22023';
    end if;
    update public.shipments
    set origin_unit_id = p_origin_unit_id, destination_unit_id = p_destination_unit_id, notes = v_notes, updated_at = now()
    where id = v_id;
    delete from public.shipment_items where shipment_id = v_id;
  end if;

  for v_item in select value from jsonb_array_elements(p_items) loop
    v_product_id := null;
    begin
      select p.id, p.name into v_product_id, v_product_name from public.products p where p.id = (v_item ->> 'product_id')::uuid;
    exception when invalid_text_representation then
      v_product_id := null;
    end;
    if v_product_id is null then
      raise exception 'Produto não encontrado no catálogo' using errcode = '22023';
    end if;
    begin
      v_quantity := (v_item ->> 'quantity')::numeric;
    exception when others then
      v_quantity := null;
    end;
    if v_quantity is null or v_quantity <> trunc(v_quantity) or v_quantity <= 0 then
      raise exception 'Quantidade deve ser maior que zero: %', v_product_name using errcode = '22023';
    end if;
    if v_quantity > 100000 then
      raise exception 'Quantidade deve ser de no máximo 100.000: %', v_product_name using errcode = '22023';
    end if;
    v_lot := nullif(btrim(coalesce(v_item ->> 'lot', '')), '');
    if char_length(coalesce(v_lot, '')) > 40 then
      raise exception 'Lote deve ter no máximo 40 caracteres' using errcode = '22023';
    end if;
    begin
      v_expiry := nullif(v_item ->> 'expiry_date', '')::date;
    exception when others then
      raise exception 'Validade inválida: %', v_product_name using errcode = '22023';
    end;
    if v_expiry is not null and v_expiry < v_today then
      raise exception 'Validade vencida: % (%)', v_product_name, to_char(v_expiry, 'DD/MM/YYYY') using errcode = '22023';
    end if;
    if (v_product_id::text || '|' || coalesce(upper(v_lot), '')) = any (v_seen) then
      raise exception 'Produto repetido: % (lote %)', v_product_name, coalesce(v_lot, 'sem lote') using errcode = '22023';
    end if;
    v_seen := v_seen || (v_product_id::text || '|' || coalesce(upper(v_lot), ''));
    insert into public.shipment_items (shipment_id, product_id, quantity, lot, expiry_date, position)
    values (v_id, v_product_id, v_quantity::integer, v_lot, v_expiry, v_position);
    v_position := v_position + 1;
  end loop;
  return v_id;
end;
$$;

comment on function public.save_shipment(uuid, uuid, uuid, text, jsonb) is
  'Creates or rewrites a requested (SOLICITADO) shipment between the caller''s unit and another, with all its lines, validated, in one transaction.';

create function public.dispatch_shipment(p_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.shipments := private.lock_shipment_for_caller(p_id);
begin
  if v_row.status <> 'SOLICITADO' then
    raise exception 'Transição inválida: % → Pendente', private.shipment_status_label(v_row.status) using errcode = '22023';
  end if;
  if not (v_row.origin_unit_id = any (private.shipment_units())) then
    raise exception 'Apenas a unidade de origem pode despachar a remessa' using errcode = '42501';
  end if;
  update public.shipments set status = 'PENDENTE', dispatched_at = now(), dispatched_by = auth.uid(), updated_at = now() where id = p_id;
end;
$$;

comment on function public.dispatch_shipment(uuid) is 'SOLICITADO → PENDENTE, by the origin unit''s staff (or ADMIN), at server time.';

create function public.delete_shipment(p_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.shipments := private.lock_shipment_for_caller(p_id);
begin
  if v_row.status <> 'SOLICITADO' then
    raise exception 'Apenas remessas solicitadas podem ser excluídas' using errcode = '22023';
  end if;
  delete from public.shipments where id = p_id;
end;
$$;

comment on function public.delete_shipment(uuid) is 'Deletes a requested (never dispatched) shipment of the caller''s units.';

-- The token is returned once; only its SHA-256 is kept. Any earlier active link is revoked.
create function public.create_signature_link(p_shipment_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.shipments := private.lock_shipment_for_caller(p_shipment_id);
  v_token text := encode(extensions.gen_random_bytes(32), 'hex');
  v_expires timestamptz;
begin
  if v_row.status <> 'PENDENTE' then
    raise exception 'A remessa precisa estar despachada (Pendente) para receber a assinatura' using errcode = '22023';
  end if;
  update public.shipment_signature_links
  set revoked_at = now()
  where shipment_id = p_shipment_id and revoked_at is null and used_at is null;
  v_expires := now() + make_interval(hours => (select signature_link_hours from public.shipment_settings limit 1));
  insert into public.shipment_signature_links (shipment_id, token_hash, created_by, expires_at)
  values (p_shipment_id, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), auth.uid(), v_expires);
  return jsonb_build_object('token', v_token, 'expires_at', v_expires);
end;
$$;

comment on function public.create_signature_link(uuid) is
  'A new single-use signature link for a dispatched shipment (256-bit token returned once, SHA-256 stored, expiry from shipment_settings); revokes earlier links.';

create function public.revoke_signature_link(p_shipment_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.lock_shipment_for_caller(p_shipment_id);
  update public.shipment_signature_links
  set revoked_at = now()
  where shipment_id = p_shipment_id and revoked_at is null and used_at is null and expires_at > now();
  if not found then
    raise exception 'Não há link ativo para esta remessa' using errcode = '22023';
  end if;
end;
$$;

comment on function public.revoke_signature_link(uuid) is 'Revokes the active signature link of a shipment of the caller''s units.';

create function public.get_signature_settings()
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('signature_link_hours', s.signature_link_hours)
  from public.shipment_settings s
  where private.has_access()
$$;

comment on function public.get_signature_settings() is 'How long signature links last (hours).';

create function public.set_signature_link_hours(p_hours integer)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'Apenas um administrador pode alterar a validade dos links' using errcode = '42501';
  end if;
  if p_hours is null or p_hours not between 1 and 720 then
    raise exception 'A validade deve ser de 1 a 720 horas' using errcode = '22023';
  end if;
  update public.shipment_settings set signature_link_hours = p_hours, updated_at = now() where true;
end;
$$;

comment on function public.set_signature_link_hours(integer) is 'ADMIN only: the validity of new signature links, 1 to 720 hours.';

-- '***.456.789-**': enough to recognise a CPF on a receipt, not enough to reuse it.
create function private.mask_cpf(p_document text)
returns text
language sql immutable set search_path = '' as $$
  select case when length(d) = 11 then '***.' || substr(d, 4, 3) || '.' || substr(d, 7, 3) || '-**' else '***' end
  from (select regexp_replace(coalesce(p_document, ''), '[^0-9]', '', 'g') as d) s
$$;

comment on function private.mask_cpf(text) is 'A CPF masked for receipts: ***.456.789-**.';

revoke all on function private.mask_cpf(text) from public, anon, authenticated;

-- The discrepancies of a signature with product names and quantities, for the screens.
create function private.shipment_discrepancy_view(p_signature public.shipment_signatures)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(d || jsonb_build_object('product_name', p.name, 'quantity', i.quantity) order by i.position), '[]'::jsonb)
  from jsonb_array_elements(p_signature.discrepancies) d
  join public.shipment_items i on i.id = (d ->> 'item_id')::uuid
  join public.products p on p.id = i.product_id
$$;

comment on function private.shipment_discrepancy_view(public.shipment_signatures) is 'A signature''s discrepancies with product name and sent quantity.';

revoke all on function private.shipment_discrepancy_view(public.shipment_signatures) from public, anon, authenticated;

create function public.get_shipment(p_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_units uuid[] := private.shipment_units();
  v_row public.shipments;
  v_signature public.shipment_signatures;
begin
  select * into v_row from public.shipments s where s.id = p_id;
  if not found or not (v_row.origin_unit_id = any (v_units) or v_row.destination_unit_id = any (v_units)) then
    raise exception 'Remessa não encontrada ou sem permissão' using errcode = '42501';
  end if;
  select * into v_signature from public.shipment_signatures g where g.shipment_id = p_id;
  return jsonb_build_object(
    'id', v_row.id, 'number', v_row.number,
    'origin_unit_id', v_row.origin_unit_id, 'origin_name', (select name from public.store_units where id = v_row.origin_unit_id),
    'destination_unit_id', v_row.destination_unit_id, 'destination_name', (select name from public.store_units where id = v_row.destination_unit_id),
    'status', v_row.status, 'notes', v_row.notes, 'created_at', v_row.created_at,
    'created_by_name', (select full_name from public.profiles where id = v_row.created_by),
    'dispatched_at', v_row.dispatched_at, 'dispatched_by_name', (select full_name from public.profiles where id = v_row.dispatched_by),
    'delivered_at', v_row.delivered_at,
    'can_edit', v_row.status = 'SOLICITADO',
    'can_dispatch', v_row.status = 'SOLICITADO' and v_row.origin_unit_id = any (v_units),
    'can_link', v_row.status = 'PENDENTE',
    'items', coalesce((
      select jsonb_agg(jsonb_build_object('id', i.id, 'product_id', i.product_id, 'product_name', p.name, 'barcode', p.barcode,
                                          'quantity', i.quantity, 'lot', i.lot, 'expiry_date', i.expiry_date, 'position', i.position)
                       order by i.position, i.id)
      from public.shipment_items i join public.products p on p.id = i.product_id
      where i.shipment_id = p_id), '[]'::jsonb),
    'history', coalesce((
      select jsonb_agg(jsonb_build_object('from_status', h.from_status, 'to_status', h.to_status, 'changed_at', h.changed_at,
                                          'changed_by_name', pr.full_name) order by h.changed_at, h.id)
      from public.shipment_status_history h left join public.profiles pr on pr.id = h.changed_by
      where h.shipment_id = p_id), '[]'::jsonb),
    'link', (
      select jsonb_build_object('expires_at', l.expires_at, 'created_at', l.created_at)
      from public.shipment_signature_links l
      where l.shipment_id = p_id and l.revoked_at is null and l.used_at is null and l.expires_at > now()
      order by l.created_at desc limit 1),
    'signature', case when v_signature.id is not null then jsonb_build_object(
      'signer_name', v_signature.signer_name, 'signer_document_masked', private.mask_cpf(v_signature.signer_document),
      'signed_at', v_signature.signed_at, 'discrepancies', private.shipment_discrepancy_view(v_signature)) end);
end;
$$;

comment on function public.get_shipment(uuid) is 'A shipment of the caller''s units with lines, history, active link and signature summary.';

create function public.get_shipment_evidence(p_shipment_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_shipment jsonb := public.get_shipment(p_shipment_id);
  v_signature public.shipment_signatures;
  v_current text;
begin
  select * into v_signature from public.shipment_signatures g where g.shipment_id = p_shipment_id;
  if v_signature.id is null then
    raise exception 'A remessa ainda não foi assinada' using errcode = '22023';
  end if;
  v_current := private.shipment_content_hash(p_shipment_id);
  return jsonb_build_object(
    'shipment', v_shipment - 'items' - 'history',
    'items', v_shipment -> 'items',
    'signature', jsonb_build_object(
      'signer_name', v_signature.signer_name, 'signer_document_masked', private.mask_cpf(v_signature.signer_document),
      'signed_at', v_signature.signed_at, 'ip_address', v_signature.ip_address, 'user_agent', v_signature.user_agent,
      'content_hash', v_signature.content_hash, 'acceptance_text', v_signature.acceptance_text,
      'signature_png', v_signature.signature_png, 'discrepancies', private.shipment_discrepancy_view(v_signature)),
    'verification', jsonb_build_object('current_hash', v_current, 'valid', v_current = v_signature.content_hash));
end;
$$;

comment on function public.get_shipment_evidence(uuid) is
  'The signed receipt''s evidence (signer, masked CPF, time, IP, user agent, hash, acceptance, image, discrepancies) and a verification that recomputes the content hash.';

-- The list: filters and paging in the database.
create function public.list_shipments(
  p_direction text default null,
  p_unit_id uuid default null,
  p_status text default null,
  p_from date default null,
  p_to date default null,
  p_search text default null,
  p_limit integer default 50,
  p_offset integer default 0)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_units uuid[] := private.shipment_units();
  v_scope uuid[];
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_pattern text;
  v_number bigint;
  v_result jsonb;
begin
  if p_direction is not null and p_direction not in ('ENVIADAS', 'RECEBIDAS') then
    raise exception 'Direção inválida: %', p_direction using errcode = '22023';
  end if;
  if p_status is not null and p_status not in ('SOLICITADO', 'PENDENTE', 'ENTREGUE') then
    raise exception 'Status inválido: %', p_status using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 200 or p_offset is null or p_offset < 0 then
    raise exception 'Paginação inválida' using errcode = '22023';
  end if;
  if char_length(coalesce(v_search, '')) > 100 then
    raise exception 'A busca deve ter no máximo 100 caracteres' using errcode = '22023';
  end if;
  v_scope := case when p_unit_id is null then v_units when p_unit_id = any (v_units) then array[p_unit_id] else '{}'::uuid[] end;
  if v_search is not null then
    v_pattern := '%' || private.fold_search_text(v_search) || '%';
    if v_search ~* '^(rem-?)?0*[0-9]{1,12}$' then
      v_number := regexp_replace(v_search, '[^0-9]', '', 'g')::bigint;
    end if;
  end if;

  with filtered as (
    select s.*
    from public.shipments s
    where ((p_direction is distinct from 'RECEBIDAS' and s.origin_unit_id = any (v_scope))
           or (p_direction is distinct from 'ENVIADAS' and s.destination_unit_id = any (v_scope)))
      and (p_status is null or s.status = p_status)
      and (p_from is null or s.created_at >= (p_from::timestamp at time zone 'America/Sao_Paulo'))
      and (p_to is null or s.created_at < ((p_to + 1)::timestamp at time zone 'America/Sao_Paulo'))
      and (v_search is null
           or s.number = v_number
           or private.fold_search_text(coalesce(s.notes, '')) like v_pattern
           or exists (select 1 from public.store_units su
                      where su.id in (s.origin_unit_id, s.destination_unit_id) and private.fold_search_text(su.name) like v_pattern)
           or exists (select 1 from public.shipment_items i join public.products p on p.id = i.product_id
                      where i.shipment_id = s.id
                        and (private.fold_search_text(p.name) like v_pattern or private.fold_search_text(coalesce(i.lot, '')) like v_pattern)))
  ),
  page as (
    select f.* from filtered f order by f.created_at desc, f.id limit p_limit offset p_offset
  )
  select jsonb_build_object(
    'total', (select count(*) from filtered),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', p.id, 'number', p.number,
        'origin_unit_id', p.origin_unit_id, 'origin_name', o.name,
        'destination_unit_id', p.destination_unit_id, 'destination_name', d.name,
        'status', p.status, 'notes', p.notes,
        'item_count', (select count(*) from public.shipment_items i where i.shipment_id = p.id),
        'total_quantity', (select coalesce(sum(i.quantity), 0) from public.shipment_items i where i.shipment_id = p.id),
        'created_at', p.created_at, 'created_by_name', cb.full_name,
        'dispatched_at', p.dispatched_at, 'delivered_at', p.delivered_at,
        'signer_name', g.signer_name,
        'discrepancy_count', coalesce(jsonb_array_length(g.discrepancies), 0),
        'link_expires_at', (
          select max(l.expires_at) from public.shipment_signature_links l
          where l.shipment_id = p.id and l.revoked_at is null and l.used_at is null and l.expires_at > now()))
        order by p.created_at desc, p.id)
      from page p
      join public.store_units o on o.id = p.origin_unit_id
      join public.store_units d on d.id = p.destination_unit_id
      left join public.profiles cb on cb.id = p.created_by
      left join public.shipment_signatures g on g.shipment_id = p.id), '[]'::jsonb))
  into v_result;
  return v_result;
end;
$$;

comment on function public.list_shipments(text, uuid, text, date, date, text, integer, integer) is
  'Shipments the caller''s units send or receive, filtered (direction, unit, status, São Paulo period, text or number) and paged, newest first.';

-- 'Transferir de outra unidade': units other than the caller's with no shortage of the product in
-- the last 60 days (without stock data, the best signal that they have it).
create function public.suggest_transfer_units(p_product_id uuid)
returns table (unit_id uuid, unit_name text)
language sql stable security definer set search_path = '' as $$
  select su.id, su.name
  from public.store_units su
  where cardinality(private.shipment_units()) > 0
    and su.id is distinct from private.current_unit_id()
    and not exists (
      select 1 from public.shortages sh
      where sh.unit_id = su.id and sh.product_id = p_product_id and sh.created_at > now() - interval '60 days')
  order by su.name
$$;

comment on function public.suggest_transfer_units(uuid) is
  'Units (not the caller''s) without a shortage of the product in the last 60 days: candidates to send it (MANAGE_REMESSA holders only).';

revoke all on function public.save_shipment(uuid, uuid, uuid, text, jsonb), public.dispatch_shipment(uuid), public.delete_shipment(uuid),
  public.create_signature_link(uuid), public.revoke_signature_link(uuid), public.get_signature_settings(),
  public.set_signature_link_hours(integer), public.get_shipment(uuid), public.get_shipment_evidence(uuid),
  public.list_shipments(text, uuid, text, date, date, text, integer, integer), public.suggest_transfer_units(uuid)
  from public, anon;
grant execute on function public.save_shipment(uuid, uuid, uuid, text, jsonb), public.dispatch_shipment(uuid), public.delete_shipment(uuid),
  public.create_signature_link(uuid), public.revoke_signature_link(uuid), public.get_signature_settings(),
  public.set_signature_link_hours(integer), public.get_shipment(uuid), public.get_shipment_evidence(uuid),
  public.list_shipments(text, uuid, text, date, date, text, integer, integer), public.suggest_transfer_units(uuid)
  to authenticated, service_role;

-- ===========================================================================
-- The public page's two RPCs

-- Counts an attempt of this request's IP (the last address of the X-Forwarded-For chain: the one
-- the gateway saw) in the current 10-minute window; true when the IP is over 30 attempts. The
-- callers answer with response.status instead of raising, so the count commits even when the
-- attempt is refused (a token guess is an attempt too).
create function private.signature_attempt_allowed()
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_chain text[] := string_to_array(coalesce(private.request_origin(), 'desconhecido'), ',');
  v_ip text := btrim(v_chain[cardinality(v_chain)]);
  v_window timestamptz := to_timestamp(floor(extract(epoch from now()) / 600) * 600);
  v_attempts integer;
begin
  insert into private.public_signature_attempts (ip, window_start, attempts)
  values (v_ip, v_window, 1)
  on conflict (ip, window_start) do update set attempts = private.public_signature_attempts.attempts + 1
  returning attempts into v_attempts;
  if random() < 0.01 then
    delete from private.public_signature_attempts where window_start < now() - interval '1 hour';
  end if;
  return v_attempts <= 30;
end;
$$;

comment on function private.signature_attempt_allowed() is 'Counts a public signature attempt for the request''s IP; false above 30 per 10 minutes.';

revoke all on function private.signature_attempt_allowed() from public, anon, authenticated;

-- A refusal of the public RPCs: the HTTP status set through PostgREST's response.status and the
-- body in PostgREST's error shape (what the page shows), without raising (the count commits).
create function private.public_refusal(p_status integer, p_code text, p_message text)
returns jsonb
language plpgsql volatile set search_path = '' as $$
begin
  perform set_config('response.status', p_status::text, true);
  return jsonb_build_object('code', p_code, 'message', p_message, 'details', null, 'hint', null);
end;
$$;

comment on function private.public_refusal(integer, text, text) is 'Sets response.status and returns a PostgREST-shaped error body.';

revoke all on function private.public_refusal(integer, text, text) from public, anon, authenticated;

create function private.invalid_link_message()
returns text
language sql immutable set search_path = '' as $$
  select 'Este link de assinatura não é válido. Ele pode ter expirado, já ter sido usado ou sido substituído por um novo. Peça um novo link a quem enviou a remessa.'::text
$$;

comment on function private.invalid_link_message() is 'The one message for an unknown, used, expired or revoked signature link.';

revoke all on function private.invalid_link_message() from public, anon, authenticated;

create function private.acceptance_text()
returns text
language sql immutable set search_path = '' as $$
  select 'Declaro que recebi os itens desta remessa nas quantidades indicadas, com as divergências que registrei acima, e reconheço esta assinatura eletrônica, feita por mim, como prova do recebimento.'::text
$$;

comment on function private.acceptance_text() is 'The acceptance statement shown on the public page and stored with each signature.';

revoke all on function private.acceptance_text() from public, anon, authenticated;

-- A valid (known, not revoked, not used, not expired) link of a dispatched shipment, or null.
create function private.valid_signature_link(p_token text, p_lock boolean)
returns public.shipment_signature_links
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_link public.shipment_signature_links;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return null;
  end if;
  if p_lock then
    select * into v_link from public.shipment_signature_links l
    where l.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex') for update;
  else
    select * into v_link from public.shipment_signature_links l
    where l.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
  end if;
  return v_link;
end;
$$;

comment on function private.valid_signature_link(text, boolean) is 'The signature link of a well-formed token (optionally locked), whatever its state; null otherwise.';

revoke all on function private.valid_signature_link(text, boolean) from public, anon, authenticated;

create function public.get_shipment_for_signature(p_token text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_link public.shipment_signature_links;
  v_row public.shipments;
begin
  if not private.signature_attempt_allowed() then
    return private.public_refusal(429, '54000', 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.');
  end if;
  v_link := private.valid_signature_link(p_token, false);
  if v_link.id is null or v_link.revoked_at is not null or v_link.used_at is not null or v_link.expires_at <= now() then
    return private.public_refusal(400, 'P0001', private.invalid_link_message());
  end if;
  select * into v_row from public.shipments s where s.id = v_link.shipment_id;
  if v_row.status <> 'PENDENTE' then
    return private.public_refusal(400, 'P0001', private.invalid_link_message());
  end if;
  return jsonb_build_object(
    'number', v_row.number,
    'origin_name', (select name from public.store_units where id = v_row.origin_unit_id),
    'destination_name', (select name from public.store_units where id = v_row.destination_unit_id),
    'dispatched_at', v_row.dispatched_at, 'notes', v_row.notes, 'expires_at', v_link.expires_at,
    'content_hash', private.shipment_content_hash(v_row.id),
    'acceptance_text', private.acceptance_text(),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object('id', i.id, 'product_name', p.name, 'quantity', i.quantity, 'lot', i.lot, 'expiry_date', i.expiry_date)
                       order by i.position, i.id)
      from public.shipment_items i join public.products p on p.id = i.product_id
      where i.shipment_id = v_row.id), '[]'::jsonb));
end;
$$;

comment on function public.get_shipment_for_signature(text) is
  'Public page: the one shipment of a valid signature link (origin, destination, lines, content hash), or one refusal for any invalid link; rate-limited per IP.';

create function public.sign_shipment(p_token text, p_signer_name text, p_signer_document text, p_signature_png text, p_lines jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_link public.shipment_signature_links;
  v_row public.shipments;
  v_signature public.shipment_signatures;
  v_name text := regexp_replace(btrim(coalesce(p_signer_name, '')), '\s+', ' ', 'g');
  v_document text := regexp_replace(coalesce(p_signer_document, ''), '[^0-9]', '', 'g');
  v_line jsonb;
  v_item record;
  v_lines jsonb := '[]'::jsonb;
  v_short integer;
  v_damaged integer;
  v_dated integer;
  v_note text;
  v_seen uuid[] := '{}';
begin
  if not private.signature_attempt_allowed() then
    return private.public_refusal(429, '54000', 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.');
  end if;
  v_link := private.valid_signature_link(p_token, true);
  if v_link.id is null then
    return private.public_refusal(400, 'P0001', private.invalid_link_message());
  end if;
  select * into v_row from public.shipments s where s.id = v_link.shipment_id for update;
  -- A retry of the signature that went through (its answer lost on the network): the same receipt.
  if v_link.used_at is not null then
    select * into v_signature from public.shipment_signatures g where g.link_id = v_link.id;
    if v_signature.id is not null and v_signature.signer_document = v_document and v_link.used_at > now() - interval '1 hour' then
      return jsonb_build_object('number', v_row.number, 'signed_at', v_signature.signed_at, 'signer_name', v_signature.signer_name,
        'signer_document_masked', private.mask_cpf(v_signature.signer_document), 'content_hash', v_signature.content_hash,
        'discrepancy_count', jsonb_array_length(v_signature.discrepancies), 'already_signed', true);
    end if;
    return private.public_refusal(400, 'P0001', private.invalid_link_message());
  end if;
  if v_link.revoked_at is not null or v_link.expires_at <= now() or v_row.status <> 'PENDENTE' then
    return private.public_refusal(400, 'P0001', private.invalid_link_message());
  end if;

  if char_length(v_name) < 3 or char_length(v_name) > 120 then
    return private.public_refusal(400, '22023', 'Informe o nome completo de quem recebe');
  end if;
  if not private.is_valid_cpf(p_signer_document) then
    return private.public_refusal(400, '22023', 'CPF inválido');
  end if;
  if p_signature_png is null or p_signature_png !~ '^data:image/png;base64,[A-Za-z0-9+/]+=*$'
     or char_length(p_signature_png) < 200 or char_length(p_signature_png) > 300000 then
    return private.public_refusal(400, '22023', 'Desenhe a assinatura no quadro');
  end if;
  if p_lines is not null and jsonb_typeof(p_lines) <> 'array' then
    return private.public_refusal(400, '22023', 'Divergências inválidas');
  end if;
  for v_line in select value from jsonb_array_elements(coalesce(p_lines, '[]'::jsonb)) loop
    select i.id, i.quantity, p.name into v_item
    from public.shipment_items i join public.products p on p.id = i.product_id
    where i.shipment_id = v_row.id and i.id::text = (v_line ->> 'item_id');
    if v_item.id is null or v_item.id = any (v_seen) then
      return private.public_refusal(400, '22023', 'Divergências inválidas');
    end if;
    v_seen := v_seen || v_item.id;
    begin
      v_short := coalesce((v_line ->> 'short_quantity')::integer, 0);
      v_damaged := coalesce((v_line ->> 'damaged_quantity')::integer, 0);
      v_dated := coalesce((v_line ->> 'short_dated_quantity')::integer, 0);
    exception when others then
      return private.public_refusal(400, '22023', 'Informe quantidades inteiras nas divergências de ' || v_item.name);
    end;
    if v_short < 0 or v_damaged < 0 or v_dated < 0 then
      return private.public_refusal(400, '22023', 'Informe quantidades inteiras nas divergências de ' || v_item.name);
    end if;
    if v_short + v_damaged + v_dated > v_item.quantity then
      return private.public_refusal(400, '22023', 'A soma das divergências do item ' || v_item.name || ' passa da quantidade enviada');
    end if;
    v_note := nullif(btrim(coalesce(v_line ->> 'note', '')), '');
    if char_length(coalesce(v_note, '')) > 300 then
      return private.public_refusal(400, '22023', 'Observação do item deve ter no máximo 300 caracteres');
    end if;
    if v_short + v_damaged + v_dated > 0 or v_note is not null then
      v_lines := v_lines || jsonb_build_object('item_id', v_item.id, 'short_quantity', v_short, 'damaged_quantity', v_damaged,
                                               'short_dated_quantity', v_dated, 'note', v_note);
    end if;
  end loop;

  insert into public.shipment_signatures (shipment_id, link_id, signer_name, signer_document, signature_png, acceptance_text,
                                          ip_address, user_agent, content_hash, content, discrepancies)
  values (v_row.id, v_link.id, v_name, v_document, p_signature_png, private.acceptance_text(),
          private.request_origin(), private.request_user_agent(), private.shipment_content_hash(v_row.id),
          private.shipment_canonical_content(v_row.id), v_lines)
  returning * into v_signature;
  update public.shipment_signature_links set used_at = now() where id = v_link.id;
  update public.shipments set status = 'ENTREGUE', delivered_at = now(), updated_at = now() where id = v_row.id;
  return jsonb_build_object('number', v_row.number, 'signed_at', v_signature.signed_at, 'signer_name', v_signature.signer_name,
    'signer_document_masked', private.mask_cpf(v_document), 'content_hash', v_signature.content_hash,
    'discrepancy_count', jsonb_array_length(v_lines), 'already_signed', false);
end;
$$;

comment on function public.sign_shipment(text, text, text, text, jsonb) is
  'Public page: the receiver signs a dispatched shipment through a valid link (name, CPF, drawn signature, per-line discrepancies); records server time, IP, user agent and the content hash; the shipment becomes ENTREGUE; single use, rate-limited per IP.';

revoke all on function public.get_shipment_for_signature(text), public.sign_shipment(text, text, text, text, jsonb) from public;
grant execute on function public.get_shipment_for_signature(text), public.sign_shipment(text, text, text, text, jsonb) to anon, authenticated, service_role;
