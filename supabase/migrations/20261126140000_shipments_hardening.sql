-- Remessas after the second attacker review (issue 21):
--
-- 1. Evidence address (item 6). A signature stored the whole X-Forwarded-For chain as its address
--    and the receipt printed its first entry, which the client chooses. It now stores the address
--    the gateway appended (private.request_evidence_ip()) as the evidence address and the earlier,
--    client-declared entries apart (declared_ips). Existing rows are split the same way. The
--    address is not part of the signed content (shipment_canonical_content), so every existing
--    signature's hash still verifies. The per-IP rate limit keys on the same evidence address.
-- 2. The signature must be a PNG (item 9): base64 that decodes to the PNG signature bytes, an IHDR
--    chunk with sane dimensions and the IEND chunk, within the size limit; not any base64.
-- 3. Non-finite dates (item 11): 'infinity' and '-infinity' are refused wherever a remessa RPC takes
--    a date (line expiry, list period), as are dates outside 2000–2100 (what the forms accept).
-- 4. The sender signing its own delivery (item 14): dispatching and making a link record the
--    request's evidence address and the hash of the staff browser's device id; a signature from the
--    same address or the same browser (its device id, sent by the public page from the same
--    localStorage origin) is accepted — the receiver may be at the same counter — but flagged, the
--    comparison made and stored by the database at signing time.

-- ===========================================================================
-- 1. Evidence address of signatures

alter table public.shipment_signatures
  add column declared_ips text,
  add column signed_on_sender_device boolean not null default false,
  add column signed_from_sender_address boolean not null default false;

comment on column public.shipment_signatures.ip_address is
  'Evidence address: the one the gateway saw (last X-Forwarded-For entry) when the receiver signed.';
comment on column public.shipment_signatures.declared_ips is
  'X-Forwarded-For entries before the gateway''s (declared by the client, unverified); null when none.';
comment on column public.shipment_signatures.signed_on_sender_device is
  'The signature came from the browser (device id) that dispatched the shipment or made one of its links.';
comment on column public.shipment_signatures.signed_from_sender_address is
  'The signature came from the evidence address that dispatched the shipment or made one of its links.';

-- Rows signed before: split the stored chain (owner rights: the signature guard lets the migration
-- through). Signatures are otherwise never changed.
update public.shipment_signatures g
set ip_address = nullif(c.chain[cardinality(c.chain)], ''),
    declared_ips = nullif(left(array_to_string(c.chain[1:cardinality(c.chain) - 1], ', '), 500), '')
from (
  select s.id, array(
    select left(btrim(e.entry), 100) from unnest(string_to_array(s.ip_address, ',')) with ordinality as e(entry, n)
    where btrim(e.entry) <> '' order by e.n) as chain
  from public.shipment_signatures s
  where s.ip_address like '%,%'
) c
where c.id = g.id;

-- Per-IP attempts on the public RPCs: keyed on the evidence address, the one the gateway saw.
create or replace function private.signature_attempt_allowed()
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_ip text := coalesce(private.request_evidence_ip(), 'desconhecido');
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

comment on function private.signature_attempt_allowed() is
  'Counts a public signature attempt for the request''s evidence address (private.request_evidence_ip); false above 30 per 10 minutes.';

-- ===========================================================================
-- 2. The signature image

-- Null when p_data_url is a PNG data URL a signature board could have drawn; otherwise the
-- Portuguese refusal naming what is wrong.
create function private.signature_png_problem(p_data_url text)
returns text
language plpgsql immutable set search_path = '' as $$
declare
  v_prefix constant text := 'data:image/png;base64,';
  v_bytes bytea;
  v_width bigint;
  v_height bigint;
begin
  if p_data_url is null or left(p_data_url, char_length(v_prefix)) <> v_prefix then
    return 'Desenhe a assinatura no quadro';
  end if;
  if char_length(p_data_url) > 300000 then
    return 'A imagem da assinatura é grande demais (máximo de 300.000 caracteres): limpe o quadro e assine de novo';
  end if;
  if p_data_url !~ '^data:image/png;base64,[A-Za-z0-9+/]+={0,2}$' then
    return 'A assinatura enviada não é uma imagem PNG';
  end if;
  begin
    v_bytes := decode(substr(p_data_url, char_length(v_prefix) + 1), 'base64');
  exception when others then
    return 'A assinatura enviada não é uma imagem PNG';
  end;
  -- PNG signature, then the IHDR chunk first (length 13), and the IEND chunk last.
  if length(v_bytes) < 57
     or substring(v_bytes from 1 for 8) <> '\x89504e470d0a1a0a'::bytea
     or substring(v_bytes from 9 for 8) <> '\x0000000d49484452'::bytea
     or substring(v_bytes from length(v_bytes) - 11 for 12) <> '\x0000000049454e44ae426082'::bytea then
    return 'A assinatura enviada não é uma imagem PNG';
  end if;
  v_width := (get_byte(v_bytes, 16)::bigint << 24) | (get_byte(v_bytes, 17) << 16) | (get_byte(v_bytes, 18) << 8) | get_byte(v_bytes, 19);
  v_height := (get_byte(v_bytes, 20)::bigint << 24) | (get_byte(v_bytes, 21) << 16) | (get_byte(v_bytes, 22) << 8) | get_byte(v_bytes, 23);
  if v_width not between 50 and 4000 or v_height not between 20 and 4000 then
    return format('A imagem da assinatura tem %s × %s pixels: ela deve ter de 50 a 4.000 de largura e de 20 a 4.000 de altura', v_width, v_height);
  end if;
  -- A drawing on a board of that size is never this small: an empty board.
  if char_length(p_data_url) < 200 then
    return 'Desenhe a assinatura no quadro';
  end if;
  return null;
end;
$$;

comment on function private.signature_png_problem(text) is
  'Null for a PNG data URL (signature bytes, IHDR 50–4000 × 20–4000 px, IEND, at most 300,000 characters); else the Portuguese refusal.';

revoke all on function private.signature_png_problem(text) from public, anon, authenticated;

-- ===========================================================================
-- 3. Who dispatched and who made the links: address and browser

-- The hash of a staff or public page device id (a random UUID kept in the browser's localStorage);
-- null for anything else (a missing or malformed id only means no device comparison).
create function private.shipment_device_hash(p_device_id text)
returns text
language sql immutable set search_path = '' as $$
  select case when p_device_id ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
              then encode(sha256(convert_to(lower(p_device_id), 'UTF8')), 'hex') end
$$;

comment on function private.shipment_device_hash(text) is 'SHA-256 (hex) of a well-formed device id (UUID), null otherwise.';

revoke all on function private.shipment_device_hash(text) from public, anon, authenticated;

-- One row per dispatch or link made: the sender's side, compared with the signer's at signing.
create table private.shipment_sender_marks (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references public.shipments (id) on delete cascade,
  kind text not null,
  ip_address text,
  device_hash text,
  recorded_by uuid references auth.users (id) on delete set null,
  recorded_at timestamptz not null default now(),
  constraint shipment_sender_marks_kind check (kind in ('DESPACHO', 'LINK'))
);

comment on table private.shipment_sender_marks is
  'Evidence address and device-id hash of each dispatch and signature link of a shipment, to flag a signature made at the sender''s browser or address.';

create index shipment_sender_marks_shipment_idx on private.shipment_sender_marks (shipment_id);

create function private.record_shipment_sender_mark(p_shipment_id uuid, p_kind text, p_device_id text)
returns void
language sql volatile security definer set search_path = '' as $$
  insert into private.shipment_sender_marks (shipment_id, kind, ip_address, device_hash, recorded_by)
  values (p_shipment_id, p_kind, private.request_evidence_ip(), private.shipment_device_hash(p_device_id), auth.uid())
$$;

comment on function private.record_shipment_sender_mark(uuid, text, text) is
  'Records the request''s evidence address and the device-id hash of a dispatch or link creation.';

revoke all on function private.record_shipment_sender_mark(uuid, text, text) from public, anon, authenticated;

drop function public.dispatch_shipment(uuid);

create function public.dispatch_shipment(p_id uuid, p_device_id text default null)
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
  perform private.record_shipment_sender_mark(p_id, 'DESPACHO', p_device_id);
end;
$$;

comment on function public.dispatch_shipment(uuid, text) is
  'SOLICITADO → PENDENTE, by the origin unit''s staff (or ADMIN), at server time; records the dispatcher''s evidence address and device-id hash.';

drop function public.create_signature_link(uuid);

-- The token is returned once; only its SHA-256 is kept. Any earlier active link is revoked.
create function public.create_signature_link(p_shipment_id uuid, p_device_id text default null)
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
  perform private.record_shipment_sender_mark(p_shipment_id, 'LINK', p_device_id);
  return jsonb_build_object('token', v_token, 'expires_at', v_expires);
end;
$$;

comment on function public.create_signature_link(uuid, text) is
  'A new single-use signature link for a dispatched shipment (256-bit token returned once, SHA-256 stored, expiry from shipment_settings); revokes earlier links; records the maker''s evidence address and device-id hash.';

revoke all on function public.dispatch_shipment(uuid, text), public.create_signature_link(uuid, text) from public, anon;
grant execute on function public.dispatch_shipment(uuid, text), public.create_signature_link(uuid, text) to authenticated, service_role;

-- ===========================================================================
-- The signature

drop function public.sign_shipment(text, text, text, text, jsonb);

create function public.sign_shipment(p_token text, p_signer_name text, p_signer_document text, p_signature_png text, p_lines jsonb,
                                     p_device_id text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_link public.shipment_signature_links;
  v_row public.shipments;
  v_signature public.shipment_signatures;
  v_name text := regexp_replace(btrim(coalesce(p_signer_name, '')), '\s+', ' ', 'g');
  v_document text := regexp_replace(coalesce(p_signer_document, ''), '[^0-9]', '', 'g');
  v_png_problem text;
  v_line jsonb;
  v_item record;
  v_lines jsonb := '[]'::jsonb;
  v_short integer;
  v_damaged integer;
  v_dated integer;
  v_note text;
  v_seen uuid[] := '{}';
  v_ip text := private.request_evidence_ip();
  v_device text := private.shipment_device_hash(p_device_id);
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
  v_png_problem := private.signature_png_problem(p_signature_png);
  if v_png_problem is not null then
    return private.public_refusal(400, '22023', v_png_problem);
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
                                          ip_address, declared_ips, user_agent, content_hash, content, discrepancies,
                                          signed_on_sender_device, signed_from_sender_address)
  values (v_row.id, v_link.id, v_name, v_document, p_signature_png, private.acceptance_text(),
          v_ip, private.request_declared_ips(), private.request_user_agent(), private.shipment_content_hash(v_row.id),
          private.shipment_canonical_content(v_row.id), v_lines,
          v_device is not null and exists (select 1 from private.shipment_sender_marks m where m.shipment_id = v_row.id and m.device_hash = v_device),
          v_ip is not null and exists (select 1 from private.shipment_sender_marks m where m.shipment_id = v_row.id and m.ip_address = v_ip))
  returning * into v_signature;
  update public.shipment_signature_links set used_at = now() where id = v_link.id;
  update public.shipments set status = 'ENTREGUE', delivered_at = now(), updated_at = now() where id = v_row.id;
  return jsonb_build_object('number', v_row.number, 'signed_at', v_signature.signed_at, 'signer_name', v_signature.signer_name,
    'signer_document_masked', private.mask_cpf(v_document), 'content_hash', v_signature.content_hash,
    'discrepancy_count', jsonb_array_length(v_lines), 'already_signed', false);
end;
$$;

comment on function public.sign_shipment(text, text, text, text, jsonb, text) is
  'Public page: the receiver signs a dispatched shipment through a valid link (name, CPF, drawn PNG signature, per-line discrepancies); records server time, evidence address (declared addresses apart), user agent, content hash and whether the browser or address is the sender''s; the shipment becomes ENTREGUE; single use, rate-limited per address.';

revoke all on function public.sign_shipment(text, text, text, text, jsonb, text) from public;
grant execute on function public.sign_shipment(text, text, text, text, jsonb, text) to anon, authenticated, service_role;

-- ===========================================================================
-- Dates: finite, within what the forms accept

create or replace function public.save_shipment(p_id uuid, p_origin_unit_id uuid, p_destination_unit_id uuid, p_notes text, p_items jsonb)
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
    -- 'NaN' and '±Infinity' are numerics too: not a quantity.
    if v_quantity is null or v_quantity in ('NaN'::numeric, 'Infinity'::numeric, '-Infinity'::numeric)
       or v_quantity <> trunc(v_quantity) or v_quantity <= 0 then
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
    -- 'infinity' and '-infinity' are dates to PostgreSQL; a validity is a day between 2000 and 2100.
    if v_expiry is not null and (not isfinite(v_expiry) or v_expiry > date '2100-12-31') then
      raise exception 'Validade inválida: % (use uma data até 31/12/2100)', v_product_name using errcode = '22023';
    end if;
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

-- ===========================================================================
-- What the screens read: the evidence address, the declared one apart, the sender flags

create or replace function public.get_shipment(p_id uuid)
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
      'signed_at', v_signature.signed_at, 'discrepancies', private.shipment_discrepancy_view(v_signature),
      'signed_on_sender_device', v_signature.signed_on_sender_device,
      'signed_from_sender_address', v_signature.signed_from_sender_address) end);
end;
$$;

create or replace function public.get_shipment_evidence(p_shipment_id uuid)
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
      'signed_at', v_signature.signed_at, 'ip_address', v_signature.ip_address, 'declared_ips', v_signature.declared_ips,
      'user_agent', v_signature.user_agent,
      'content_hash', v_signature.content_hash, 'acceptance_text', v_signature.acceptance_text,
      'signature_png', v_signature.signature_png, 'discrepancies', private.shipment_discrepancy_view(v_signature),
      'signed_on_sender_device', v_signature.signed_on_sender_device,
      'signed_from_sender_address', v_signature.signed_from_sender_address),
    'verification', jsonb_build_object('current_hash', v_current, 'valid', v_current = v_signature.content_hash));
end;
$$;

comment on function public.get_shipment_evidence(uuid) is
  'The signed receipt''s evidence (signer, masked CPF, time, evidence address and client-declared addresses, user agent, hash, acceptance, image, discrepancies, sender browser/address flags) and a verification that recomputes the content hash.';

create or replace function public.list_shipments(
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
  if (p_from is not null and (not isfinite(p_from) or p_from not between date '2000-01-01' and date '2100-12-31'))
     or (p_to is not null and (not isfinite(p_to) or p_to not between date '2000-01-01' and date '2100-12-31')) then
    raise exception 'Período inválido: use datas entre 01/01/2000 e 31/12/2100' using errcode = '22023';
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
        'signed_at_sender', coalesce(g.signed_on_sender_device or g.signed_from_sender_address, false),
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
