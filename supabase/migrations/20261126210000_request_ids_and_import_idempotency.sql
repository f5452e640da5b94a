-- Nothing applied twice (issue 22, item 2). A double click on 'Importar' ran the import twice:
-- two runs, duplicate shortages, duplicated batch lines and twice the quantity ordered. Now:
--
--  - Every create RPC a double click or a retry can repeat takes a client-generated request id
--    (p_request_id uuid, defaulted so older callers keep working). The first call with an id
--    applies and its result is kept in one place, private.request_log, keyed by (caller, request
--    id); a repeated id returns that first result and applies nothing again, even when twenty
--    copies arrive at once (the log's primary key makes the copies wait for the first to commit).
--    A failed call keeps nothing, so it can be retried with the same id. Rows are purged after a
--    day. Ids are per caller: another user's id is just a new id, never that user's result.
--  - An import of the same rows (by their SHA-256, computed here from the rows) for the same unit
--    within ten minutes is refused, naming the earlier run (date and time, who, file name). The
--    dry run (the preview) refuses it too, so the screen says so before 'Importar' is clicked.
--  - A shortage registered from the screen (a table insert, the spec's contract) carries a
--    request id, unique per creator: a repeated insert is refused with 23505 and the screen reads
--    the first row back.
--
-- The import and batch bodies are unchanged: each moves to private under a new name and the
-- public RPC, with the same name plus p_request_id, wraps it.

-- ===========================================================================
-- The request log

create table private.request_log (
  user_id uuid not null references auth.users (id) on delete cascade,
  request_id uuid not null,
  action text not null,
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, request_id)
);

comment on table private.request_log is
  'One row per applied request id of a create RPC: who, which RPC, and the result a repeated id returns. Purged after a day.';

create index request_log_created_at_idx on private.request_log (created_at);

-- Claims a request id for the caller, or finds it already applied. With a null id (or no signed-in
-- caller: the service role, the seed) there is nothing to claim and the call simply applies.
-- The claim is a row in the caller's transaction: a concurrent call with the same id waits on the
-- primary key until this one commits (then replays) or rolls back (then applies itself).
create function private.request_replay(p_request_id uuid, p_action text, out replayed boolean, out result jsonb)
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_action text;
begin
  replayed := false;
  if p_request_id is null or v_uid is null then
    return;
  end if;

  -- Old rows go in small slices nobody else is deleting, so concurrent callers never wait on each other here.
  delete from private.request_log l
  where (l.user_id, l.request_id) in (
    select o.user_id, o.request_id from private.request_log o
    where o.created_at < now() - interval '1 day'
    limit 200
    for update skip locked
  );

  insert into private.request_log (user_id, request_id, action)
  values (v_uid, p_request_id, p_action)
  on conflict (user_id, request_id) do nothing;
  if found then
    return;
  end if;

  select l.action, l.result into v_action, result
  from private.request_log l
  where l.user_id = v_uid and l.request_id = p_request_id;
  if v_action is distinct from p_action then
    raise exception 'Este identificador de requisição já foi usado em outra operação. Recarregue a página e tente novamente.'
      using errcode = '22023';
  end if;
  replayed := true;
end;
$$;

comment on function private.request_replay(uuid, text) is
  'Create RPCs call this first: replayed = false claims the id (or there is none), replayed = true returns the first call''s result.';

-- Keeps the result a repeated id returns; a no-op without an id.
create function private.request_record(p_request_id uuid, p_result jsonb)
returns void
language sql volatile security definer set search_path = '' as $$
  update private.request_log l set result = p_result
  where p_request_id is not null and l.user_id = auth.uid() and l.request_id = p_request_id
$$;

comment on function private.request_record(uuid, jsonb) is
  'Stores the result of a claimed request id (private.request_replay), returned to any repetition of the id.';

revoke all on table private.request_log from public, anon, authenticated;
grant all on table private.request_log to service_role;
revoke all on function private.request_replay(uuid, text), private.request_record(uuid, jsonb) from public, anon;
grant execute on function private.request_replay(uuid, text), private.request_record(uuid, jsonb) to authenticated, service_role;

-- ===========================================================================
-- Imports: the same rows for the same unit within ten minutes are refused

alter table public.import_runs add column content_hash text;

comment on column public.import_runs.content_hash is
  'SHA-256 (hex) of the imported rows, set by the import RPCs: the same rows for the same unit within 10 minutes are refused.';

create index import_runs_content_hash_idx on public.import_runs (content_hash, created_at desc) where content_hash is not null;

-- The hash is the import's own record: a run written directly through the table cannot carry one
-- (it could otherwise block a colleague's real import for ten minutes).
create function private.import_runs_content_hash_guard()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('authenticated', 'anon') and new.content_hash is not null then
    raise exception 'A identificação do arquivo é registrada pela importação' using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.import_runs_content_hash_guard() is
  'Refuses a content_hash written by an API role: only the import RPCs (through private.refuse_repeated_import) set it.';

revoke all on function private.import_runs_content_hash_guard() from public, anon;
grant execute on function private.import_runs_content_hash_guard() to authenticated, service_role;

create trigger import_runs_content_hash_guard
  before insert or update of content_hash on public.import_runs
  for each row execute function private.import_runs_content_hash_guard();

create function private.import_content_hash(p_rows jsonb)
returns text
language sql immutable set search_path = '' as $$
  -- jsonb's text form is canonical (key order, spacing), so equal rows give equal hashes.
  select encode(sha256(convert_to(p_rows::text, 'UTF8')), 'hex')
$$;

comment on function private.import_content_hash(jsonb) is 'SHA-256 (hex) of an import''s rows in jsonb''s canonical text form; null for null rows.';

-- Refuses an import whose rows were imported for the same unit (without a unit: by the caller)
-- within ten minutes, naming that run; otherwise marks this run (if one was recorded) with the hash.
-- Security definer: the earlier run may be a colleague's, whose name RLS on profiles would hide.
create function private.refuse_repeated_import(p_kind text, p_unit_id uuid, p_hash text, p_run_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_earlier record;
  v_at timestamp;
begin
  if p_hash is null then
    return;
  end if;
  select r.id, r.created_at, r.file_name, coalesce(nullif(btrim(pr.full_name), ''), 'usuário não identificado') as author
  into v_earlier
  from public.import_runs r
  left join public.profiles pr on pr.id = r.created_by
  where r.kind = p_kind
    and r.content_hash = p_hash
    and r.created_at > now() - interval '10 minutes'
    and r.id is distinct from p_run_id
    and case when p_unit_id is null then r.unit_id is null and r.created_by = auth.uid() else r.unit_id = p_unit_id end
  order by r.created_at desc
  limit 1;
  if found then
    v_at := v_earlier.created_at at time zone 'America/Sao_Paulo';
    raise exception 'Este arquivo já foi importado em % às % por % (arquivo %). Confira o resultado no histórico de importações; para importar as mesmas linhas de novo, aguarde até %.',
      to_char(v_at, 'DD/MM/YYYY'), to_char(v_at, 'HH24:MI'), v_earlier.author, v_earlier.file_name,
      to_char(v_at + interval '10 minutes' + interval '1 minute', 'HH24:MI')
      using errcode = 'P0001', hint = 'Arquivo já importado', detail = v_earlier.id::text;
  end if;
  if p_run_id is not null then
    update public.import_runs r set content_hash = p_hash where r.id = p_run_id and r.created_by = auth.uid();
  end if;
end;
$$;

comment on function private.refuse_repeated_import(text, uuid, text, uuid) is
  'Raises P0001 (hint ''Arquivo já importado'', detail the earlier run id) when the same rows were imported for the unit in the last 10 minutes; else stamps the new run with the hash.';

revoke all on function private.import_content_hash(jsonb), private.refuse_repeated_import(text, uuid, text, uuid) from public, anon;
grant execute on function private.import_content_hash(jsonb), private.refuse_repeated_import(text, uuid, text, uuid) to authenticated, service_role;

-- The bodies, unchanged, become private; security invoker as before, so RLS still decides what the caller writes.
alter function public.import_shortages(text, jsonb, uuid, boolean) rename to import_shortage_rows;
alter function public.import_shortage_rows(text, jsonb, uuid, boolean) set schema private;
alter function public.import_products(text, jsonb, boolean) rename to import_product_rows;
alter function public.import_product_rows(text, jsonb, boolean) set schema private;
revoke all on function private.import_shortage_rows(text, jsonb, uuid, boolean), private.import_product_rows(text, jsonb, boolean) from public, anon;

create function public.import_shortages(
  p_file_name text,
  p_rows jsonb,
  p_unit_id uuid default null,
  p_dry_run boolean default false,
  p_request_id uuid default null
)
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_request uuid := case when coalesce(p_dry_run, false) then null else p_request_id end;
  v_replay record;
  v_hash text := private.import_content_hash(p_rows);
  v_result jsonb;
begin
  select * into v_replay from private.request_replay(v_request, 'import_shortages');
  if v_replay.replayed then
    return v_replay.result;
  end if;
  -- Two imports of the same rows at once: the second waits for the first, then is refused by it.
  if v_hash is not null and not coalesce(p_dry_run, false) then
    perform pg_advisory_xact_lock(hashtextextended('import_shortages:' || v_hash, 0));
  end if;
  v_result := private.import_shortage_rows(p_file_name, p_rows, p_unit_id, p_dry_run);
  perform private.refuse_repeated_import('shortages', coalesce(p_unit_id, private.current_unit_id()), v_hash, (v_result ->> 'import_run_id')::uuid);
  perform private.request_record(v_request, v_result);
  return v_result;
end;
$$;

comment on function public.import_shortages(text, jsonb, uuid, boolean, uuid) is
  'Imports shortage rows {barcode?, product_name?, requested_quantity, available_quantity?, observation?} for the caller''s unit; '
  'p_dry_run validates every row against the database and writes nothing. The same rows for the unit within 10 minutes are refused '
  'naming the earlier run; a repeated p_request_id returns the first call''s summary and imports nothing again.';

create function public.import_products(p_file_name text, p_rows jsonb, p_dry_run boolean default false, p_request_id uuid default null)
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_request uuid := case when coalesce(p_dry_run, false) then null else p_request_id end;
  v_replay record;
  v_hash text := private.import_content_hash(p_rows);
  v_result jsonb;
begin
  select * into v_replay from private.request_replay(v_request, 'import_products');
  if v_replay.replayed then
    return v_replay.result;
  end if;
  if v_hash is not null and not coalesce(p_dry_run, false) then
    perform pg_advisory_xact_lock(hashtextextended('import_products:' || v_hash, 0));
  end if;
  v_result := private.import_product_rows(p_file_name, p_rows, p_dry_run);
  perform private.refuse_repeated_import('products', private.current_unit_id(), v_hash, (v_result ->> 'import_run_id')::uuid);
  perform private.request_record(v_request, v_result);
  return v_result;
end;
$$;

comment on function public.import_products(text, jsonb, boolean, uuid) is
  'Imports product rows {barcode?, name, description?, category?}; unknown categories are created. Needs MANAGE_PRODUCTS. '
  'p_dry_run validates every row and writes nothing. The same rows within 10 minutes are refused naming the earlier run; '
  'a repeated p_request_id returns the first call''s summary and imports nothing again.';

revoke all on function public.import_shortages(text, jsonb, uuid, boolean, uuid), public.import_products(text, jsonb, boolean, uuid) from public, anon;
grant execute on function public.import_shortages(text, jsonb, uuid, boolean, uuid), public.import_products(text, jsonb, boolean, uuid)
  to authenticated, service_role;

-- ===========================================================================
-- Batches: create, add items, send (set_batch_status), assign one shortage

alter function public.create_quote_batch(uuid, uuid[], text) rename to create_quote_batch_apply;
alter function public.create_quote_batch_apply(uuid, uuid[], text) set schema private;
alter function public.add_shortages_to_batch(uuid, uuid[]) rename to add_shortages_to_batch_apply;
alter function public.add_shortages_to_batch_apply(uuid, uuid[]) set schema private;
alter function public.set_batch_status(uuid, text) rename to set_batch_status_apply;
alter function public.set_batch_status_apply(uuid, text) set schema private;
revoke all on function
  private.create_quote_batch_apply(uuid, uuid[], text),
  private.add_shortages_to_batch_apply(uuid, uuid[]),
  private.set_batch_status_apply(uuid, text)
from public, anon, authenticated;

create function public.create_quote_batch(p_unit_id uuid, p_shortage_ids uuid[], p_name text default null, p_request_id uuid default null)
returns public.quote_batches
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_replay record;
  v_batch public.quote_batches;
begin
  select * into v_replay from private.request_replay(p_request_id, 'create_quote_batch');
  if v_replay.replayed then
    return jsonb_populate_record(null::public.quote_batches, v_replay.result);
  end if;
  v_batch := private.create_quote_batch_apply(p_unit_id, p_shortage_ids, p_name);
  perform private.request_record(p_request_id, to_jsonb(v_batch));
  return v_batch;
end;
$$;

comment on function public.create_quote_batch(uuid, uuid[], text, uuid) is
  'Buyers: creates an ABERTO batch with the given pending shortages; raises ''Não foi possível criar o lote'' (errors in DETAIL) when none could be assigned. '
  'A repeated p_request_id returns the batch the first call created and creates nothing.';

create function public.add_shortages_to_batch(p_batch_id uuid, p_shortage_ids uuid[], p_request_id uuid default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_replay record;
  v_result jsonb;
begin
  select * into v_replay from private.request_replay(p_request_id, 'add_shortages_to_batch');
  if v_replay.replayed then
    return v_replay.result;
  end if;
  v_result := private.add_shortages_to_batch_apply(p_batch_id, p_shortage_ids);
  perform private.request_record(p_request_id, v_result);
  return v_result;
end;
$$;

comment on function public.add_shortages_to_batch(uuid, uuid[], uuid) is
  'Buyers: adds pending shortages to an ABERTO or EM_COTACAO batch; returns {added, total, errors}. A repeated p_request_id returns the first call''s answer.';

create function public.set_batch_status(p_batch_id uuid, p_status text, p_request_id uuid default null)
returns public.quote_batches
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_replay record;
  v_batch public.quote_batches;
begin
  select * into v_replay from private.request_replay(p_request_id, 'set_batch_status');
  if v_replay.replayed then
    return jsonb_populate_record(null::public.quote_batches, v_replay.result);
  end if;
  v_batch := private.set_batch_status_apply(p_batch_id, p_status);
  perform private.request_record(p_request_id, to_jsonb(v_batch));
  return v_batch;
end;
$$;

comment on function public.set_batch_status(uuid, text, uuid) is
  'Buyers: moves a batch ABERTO ⇄ EM_COTACAO (needs items; shortages follow) or COTACAO_FINALIZADA → PEDIDO_ENVIADO (generates orders); same status is a no-op. '
  'A repeated p_request_id returns the first call''s batch and changes nothing (a late retry cannot undo a later change).';

-- assign_shortage_to_batch names its arguments by the function's own name (spec: {shortage_id, batch_id}),
-- so it is rewritten rather than renamed; the checks are the same.
drop function public.assign_shortage_to_batch(uuid, uuid);

create function public.assign_shortage_to_batch(shortage_id uuid, batch_id uuid, request_id uuid default null)
returns public.shortages
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_replay record;
  v_batch public.quote_batches;
  v_shortage public.shortages;
begin
  if auth.uid() is null or not private.is_buyer() then
    -- Non-buyers manage no batch: the same answer as a missing one.
    raise exception 'Lote não encontrado' using errcode = 'PT404';
  end if;
  select * into v_replay from private.request_replay(assign_shortage_to_batch.request_id, 'assign_shortage_to_batch');
  if v_replay.replayed then
    return jsonb_populate_record(null::public.shortages, v_replay.result);
  end if;
  v_batch := private.lock_batch(assign_shortage_to_batch.batch_id);
  select s.* into v_shortage from public.shortages s where s.id = assign_shortage_to_batch.shortage_id for update;
  if not found then
    raise exception 'Falta não encontrada' using errcode = 'PT404';
  end if;
  if v_shortage.batch_id is distinct from v_batch.id then
    if v_shortage.batch_id is not null then
      raise exception 'Item já está em outro lote' using errcode = 'P0001';
    end if;
    if v_batch.status not in ('ABERTO', 'EM_COTACAO') then
      raise exception 'Não é possível adicionar itens: a cotação deste lote já foi finalizada' using errcode = 'P0001';
    end if;
    if v_shortage.status <> 'PENDENTE' then
      raise exception 'Item não está pendente' using errcode = 'P0001';
    end if;
    perform private.assign_shortages(v_batch, array[v_shortage.id]);
    select s.* into v_shortage from public.shortages s where s.id = assign_shortage_to_batch.shortage_id;
  end if;
  perform private.request_record(assign_shortage_to_batch.request_id, to_jsonb(v_shortage));
  return v_shortage;
end;
$$;

comment on function public.assign_shortage_to_batch(uuid, uuid, uuid) is
  'Buyers: puts one pending shortage without batch into an ABERTO or EM_COTACAO batch (already there: no-op); everyone else gets ''Lote não encontrado''. '
  'A repeated request_id returns the first call''s row.';

revoke all on function
  public.create_quote_batch(uuid, uuid[], text, uuid),
  public.add_shortages_to_batch(uuid, uuid[], uuid),
  public.set_batch_status(uuid, text, uuid),
  public.assign_shortage_to_batch(uuid, uuid, uuid)
from public, anon;

grant execute on function
  public.create_quote_batch(uuid, uuid[], text, uuid),
  public.add_shortages_to_batch(uuid, uuid[], uuid),
  public.set_batch_status(uuid, text, uuid),
  public.assign_shortage_to_batch(uuid, uuid, uuid)
to authenticated, service_role;

-- ===========================================================================
-- Shortages registered from the screen (a table insert): a request id unique per creator

alter table public.shortages add column request_id uuid;

comment on column public.shortages.request_id is
  'Client-generated id of the registration that created the row: a repeated insert with it is refused (23505) and the screen reads this row back.';

-- created_by is forced to the caller on insert, so the key is per user: another user's id is a new id.
create unique index shortages_created_by_request_id_key on public.shortages (created_by, request_id) where request_id is not null;

-- Inserted with the row (the screen's insert names it); never updatable, like the author and the dates.
grant insert (request_id) on table public.shortages to authenticated;
