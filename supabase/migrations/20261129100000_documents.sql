-- Documents (issue 27; spec §2 /documentos, §6 MANAGE_DOCUMENTS; domain §7): head office publishes
-- notices, procedures, price changes, recalls and regulatory norms to an audience (everyone, some units,
-- some roles, or roles inside units), with one of three demands: none, a required reading ('Li e
-- compreendi', confirmed by each person) or a required action per unit (each store says what it did:
-- lot, quantity, optional photo, by a named person).
--
-- The evidence is append-only for every role, the owner's service role included: versions of the text,
-- read receipts and acknowledgements (server time, SHA-256 of the version shown, the gateway's address),
-- unit actions, replies and reminders. A material new version moves documents.ack_version, so receipts
-- of earlier versions stop satisfying the demand and everyone is asked again.
--
-- Staff never write the tables: the RPCs below check who acts and every field first. Publishing, a new
-- material version and a reminder write notifications through private.notify (one row per recipient, in
-- the same transaction), never the browser.
--
-- Files live in the private bucket `documentos`: `<document id>/<uuid>-<name>` for the publisher's files,
-- `<document id>/acoes/<unit id>/<uuid>-<name>` for the photos of a unit's action.

-- ===========================================================================
-- Who is asking

-- The calendar day in São Paulo: validity and due dates are the chain's days, not UTC's.
create function private.documents_today()
returns date
language sql stable set search_path = '' as $$
  select (now() at time zone 'America/Sao_Paulo')::date
$$;

comment on function private.documents_today() is 'Today in America/Sao_Paulo: the day validity and due dates are compared with.';

revoke all on function private.documents_today() from public, anon;
grant execute on function private.documents_today() to authenticated, service_role;

-- Publishers (MANAGE_DOCUMENTS holders and ADMIN, through has_permission) see and manage every document.
create function private.is_document_publisher()
returns boolean
language sql stable security definer set search_path = '' as $$
  select private.has_access() and private.has_permission('MANAGE_DOCUMENTS')
$$;

comment on function private.is_document_publisher() is 'The caller is an active ADMIN or MANAGE_DOCUMENTS holder: publishes and sees every document.';

-- The caller's role for audiences (null without a role or when disabled) and units, computed once per
-- statement by the policies ((select ...) initplans) and once per call by the RPCs.
create function private.document_caller_role()
returns text
language sql stable security definer set search_path = '' as $$
  select private.role_name_of(auth.uid())
$$;

comment on function private.document_caller_role() is 'private.role_name_of(auth.uid()): the caller''s role as audiences see it.';

create function private.document_caller_units()
returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array(select private.user_unit_ids(auth.uid())), '{}')
$$;

comment on function private.document_caller_units() is 'private.user_unit_ids(auth.uid()) as an array.';

revoke all on function private.is_document_publisher(), private.document_caller_role(), private.document_caller_units() from public, anon;
grant execute on function private.is_document_publisher(), private.document_caller_role(), private.document_caller_units() to authenticated, service_role;

-- ===========================================================================
-- Tables

create table public.documents (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  -- Formatted text: a Markdown subset the client renders as React elements (never as HTML).
  body text not null,
  category text not null default 'COMUNICADO',
  demand text not null default 'NENHUMA',
  due_date date,
  audience_all boolean not null default false,
  audience_unit_ids uuid[] not null default '{}',
  audience_roles text[] not null default '{}',
  valid_from date not null default private.documents_today(),
  valid_until date,
  allow_replies boolean not null default false,
  version integer not null default 1,
  -- The latest material version: receipts of an earlier version no longer satisfy the demand.
  ack_version integer not null default 1,
  -- SHA-256 (hex) of title || E'\n\n' || body of the current version, set by the guard trigger.
  content_hash text not null default '',
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  archived_at timestamptz,
  -- Portuguese full-text search of title and body, accent-folded (the feed's search).
  search tsvector generated always as (to_tsvector('portuguese'::regconfig, private.fold_search_text(title || ' ' || body))) stored,
  constraint documents_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint documents_body_length check (char_length(btrim(body)) between 1 and 50000),
  constraint documents_category_known check (category in ('COMUNICADO', 'PROCEDIMENTO', 'PRECO', 'RECALL', 'REGULATORIO')),
  constraint documents_demand_known check (demand in ('NENHUMA', 'LEITURA', 'ACAO')),
  constraint documents_due_date_with_demand check ((demand = 'NENHUMA') = (due_date is null)),
  constraint documents_due_after_start check (due_date is null or due_date >= valid_from),
  constraint documents_validity_order check (valid_until is null or valid_until >= valid_from),
  constraint documents_audience_named check (audience_all or cardinality(audience_unit_ids) > 0 or cardinality(audience_roles) > 0),
  constraint documents_versions_order check (version >= 1 and ack_version between 1 and version)
);

comment on table public.documents is
  'Documents of /documentos: title, formatted body, category, demand (none, required reading, action per unit), audience, validity, current version and the version acknowledgements must match. Written only by save_document / archive_document.';
comment on column public.documents.audience_all is 'Everyone on the staff (representatives are external and never included by "everyone").';
comment on column public.documents.audience_unit_ids is 'Units of the audience; with audience_roles as well, the roles inside those units.';
comment on column public.documents.audience_roles is 'Roles (spec §6 names) of the audience.';
comment on column public.documents.ack_version is 'The latest material version: a receipt or action of an earlier version no longer satisfies the demand.';
comment on column public.documents.content_hash is 'SHA-256 (hex) of title || E''\n\n'' || body (UTF-8) of the current version.';

create index documents_created_at_idx on public.documents (created_at desc, id desc);
create index documents_created_by_idx on public.documents (created_by);
create index documents_search_idx on public.documents using gin (search);
-- Pending demands sort first: the feed reads them by due date.
create index documents_demand_due_idx on public.documents (due_date) where demand <> 'NENHUMA' and archived_at is null;

create table public.document_versions (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references public.documents (id) on delete cascade,
  version integer not null,
  title text not null,
  body text not null,
  content_hash text not null,
  material boolean not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint document_versions_unique unique (document_id, version)
);

comment on table public.document_versions is
  'Every version of a document''s text with its SHA-256 and whether it was material (asked everyone again). Append-only.';

create index document_versions_created_by_idx on public.document_versions (created_by);

create table public.document_files (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references public.documents (id) on delete cascade,
  path text not null unique,
  file_name text not null,
  mime_type text not null,
  size_bytes bigint not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint document_files_name_length check (char_length(btrim(file_name)) between 1 and 200),
  constraint document_files_mime_allowed check (mime_type in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
  constraint document_files_size_range check (size_bytes between 1 and 10485760)
);

comment on table public.document_files is 'Files attached by the publisher to a document (objects of the private bucket documentos).';

create index document_files_document_idx on public.document_files (document_id, created_at);
create index document_files_created_by_idx on public.document_files (created_by);

create table public.document_reads (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references public.documents (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  version integer not null,
  kind text not null,
  content_hash text not null,
  recorded_at timestamptz not null default now(),
  ip text,
  constraint document_reads_kind_known check (kind in ('LEITURA', 'CIENCIA')),
  constraint document_reads_once unique (document_id, user_id, version, kind)
);

comment on table public.document_reads is
  'Read receipts (LEITURA: opened) and acknowledgements (CIENCIA: ''Li e compreendi'') per person and version, with server time, the SHA-256 of the version shown and the gateway''s address. Once per person, version and kind; append-only.';

create index document_reads_user_idx on public.document_reads (user_id, document_id);

create table public.document_actions (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references public.documents (id) on delete cascade,
  version integer not null,
  unit_id uuid not null references public.store_units (id),
  lot text not null,
  quantity numeric(12, 3) not null,
  notes text,
  photo_path text,
  -- The confirming person's full name at confirmation: the proof names who did it even if the account changes.
  responsible_name text not null,
  confirmed_by uuid references auth.users (id) on delete set null,
  confirmed_at timestamptz not null default now(),
  constraint document_actions_lot_length check (char_length(btrim(lot)) between 1 and 60),
  constraint document_actions_quantity_positive check (quantity > 0),
  constraint document_actions_notes_length check (notes is null or char_length(notes) <= 1000)
);

comment on table public.document_actions is
  'What a unit did for a document that demands an action (a recall: lot and quantity removed, optional photo), by a named person. Several rows per unit (several lots); a unit is done with one row of version >= ack_version. Append-only.';

create index document_actions_document_unit_idx on public.document_actions (document_id, unit_id, version);
create index document_actions_unit_idx on public.document_actions (unit_id);
create index document_actions_confirmed_by_idx on public.document_actions (confirmed_by);

create table public.document_replies (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references public.documents (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  body text not null,
  created_at timestamptz not null default now(),
  constraint document_replies_body_length check (char_length(btrim(body)) between 1 and 4000)
);

comment on table public.document_replies is 'Replies to a document whose publisher allows them, seen by everyone who sees the document. Append-only.';

create index document_replies_document_idx on public.document_replies (document_id, created_at);
create index document_replies_user_idx on public.document_replies (user_id);

create table public.document_reminders (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references public.documents (id) on delete cascade,
  sent_by uuid references auth.users (id) on delete set null,
  sent_at timestamptz not null default now(),
  recipients integer not null,
  constraint document_reminders_recipients_positive check (recipients > 0)
);

comment on table public.document_reminders is 'Reminders sent to the pending people of a document (at most one per hour). Append-only.';

create index document_reminders_document_idx on public.document_reminders (document_id, sent_at desc);
create index document_reminders_sent_by_idx on public.document_reminders (sent_by);

-- A notification about a document goes with it.
alter table public.notifications
  add constraint notifications_document_id_fkey foreign key (document_id) references public.documents (id) on delete cascade;

-- ===========================================================================
-- Guards

-- The hash always matches the text; the text changes only with a new version; versions never go back.
create function private.guard_document()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    if (new.title is distinct from old.title or new.body is distinct from old.body) and new.version <= old.version then
      raise exception 'O texto de um documento publicado muda apenas por uma nova versão' using errcode = '42501';
    end if;
    if new.version < old.version or new.ack_version < old.ack_version or new.created_at is distinct from old.created_at
       or new.created_by is distinct from old.created_by then
      raise exception 'A versão, o autor e a data de um documento não podem voltar atrás' using errcode = '42501';
    end if;
    new.updated_at := now();
  end if;
  new.content_hash := encode(sha256(convert_to(new.title || E'\n\n' || new.body, 'UTF8')), 'hex');
  return new;
end;
$$;

comment on function private.guard_document() is
  'BEFORE INSERT/UPDATE on documents: content_hash is always the SHA-256 of the text; the text changes only with a higher version; versions, author and creation never move back.';

revoke all on function private.guard_document() from public, anon, authenticated;

create trigger documents_guard
  before insert or update on public.documents
  for each row execute function private.guard_document();

-- Evidence: append-only for every role; a deleted document (service role only) takes its rows along.
create trigger document_versions_refuse_change before update or delete on public.document_versions
  for each row execute function private.refuse_change('As versões de um documento não podem ser alteradas nem excluídas', 'documents', 'document_id');
create trigger document_versions_refuse_truncate before truncate on public.document_versions
  for each statement execute function private.refuse_change('As versões de um documento não podem ser alteradas nem excluídas');
create trigger document_reads_refuse_change before update or delete on public.document_reads
  for each row execute function private.refuse_change('Confirmações de leitura e ciência não podem ser alteradas nem excluídas', 'documents', 'document_id');
create trigger document_reads_refuse_truncate before truncate on public.document_reads
  for each statement execute function private.refuse_change('Confirmações de leitura e ciência não podem ser alteradas nem excluídas');
create trigger document_actions_refuse_change before update or delete on public.document_actions
  for each row execute function private.refuse_change('As ações confirmadas por unidade não podem ser alteradas nem excluídas', 'documents', 'document_id');
create trigger document_actions_refuse_truncate before truncate on public.document_actions
  for each statement execute function private.refuse_change('As ações confirmadas por unidade não podem ser alteradas nem excluídas');
create trigger document_replies_refuse_change before update or delete on public.document_replies
  for each row execute function private.refuse_change('As respostas de um documento não podem ser alteradas nem excluídas', 'documents', 'document_id');
create trigger document_replies_refuse_truncate before truncate on public.document_replies
  for each statement execute function private.refuse_change('As respostas de um documento não podem ser alteradas nem excluídas');
create trigger document_reminders_refuse_change before update or delete on public.document_reminders
  for each row execute function private.refuse_change('Os lembretes enviados não podem ser alterados nem excluídos', 'documents', 'document_id');
create trigger document_reminders_refuse_truncate before truncate on public.document_reminders
  for each statement execute function private.refuse_change('Os lembretes enviados não podem ser alterados nem excluídos');

-- ===========================================================================
-- Who sees what

-- A document is seen by publishers (all of them, archived and out of validity too) and by its audience
-- while it is valid and not archived.
create function private.can_see_document(p_document_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.documents d
    where d.id = p_document_id
      and (private.is_document_publisher()
           or (d.archived_at is null and d.valid_from <= private.documents_today()
               and (d.valid_until is null or d.valid_until >= private.documents_today())
               and private.audience_matches(d.audience_all, d.audience_unit_ids, d.audience_roles,
                                                     private.document_caller_role(), private.document_caller_units()))))
$$;

comment on function private.can_see_document(uuid) is
  'Publishers see every document; the audience sees it while valid and not archived (policies, storage and RPCs ask this).';

-- Whether one person is in a document's audience now (the contract's private.in_document_audience): the
-- person's role and units looked up once, then the rule above.
create function private.in_document_audience(p_document public.documents, p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select private.audience_matches(p_document.audience_all, p_document.audience_unit_ids, p_document.audience_roles,
                                           private.role_name_of(p_user_id), coalesce(array(select private.user_unit_ids(p_user_id)), '{}'))
$$;

comment on function private.in_document_audience(public.documents, uuid) is
  'Whether the account is in the document''s audience now (same rule as private.audience_user_ids, for one person).';

-- The units the caller may confirm an action for: an ADMIN any unit of the audience; anyone else their
-- own units inside the audience, when they are in it. Empty unless the document demands an action.
create function private.document_action_units(p_document_id uuid)
returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array(
    select su.id from public.store_units su, public.documents d
    where d.id = p_document_id and d.demand = 'ACAO'
      and (cardinality(d.audience_unit_ids) = 0 or su.id = any (d.audience_unit_ids))
      and private.can_see_document(d.id)
      and (private.is_admin()
           or (su.id = any (private.document_caller_units())
               and private.audience_matches(d.audience_all, d.audience_unit_ids, d.audience_roles,
                                                     private.document_caller_role(), private.document_caller_units())))
    order by su.name), '{}')
$$;

comment on function private.document_action_units(uuid) is
  'Units the caller may confirm a document''s action for: ADMIN any audience unit; others their own units in the audience.';

revoke all on function private.can_see_document(uuid), private.document_action_units(uuid),
  private.in_document_audience(public.documents, uuid) from public, anon;
grant execute on function private.can_see_document(uuid), private.document_action_units(uuid),
  private.in_document_audience(public.documents, uuid) to authenticated, service_role;

alter table public.documents enable row level security;
alter table public.document_versions enable row level security;
alter table public.document_files enable row level security;
alter table public.document_reads enable row level security;
alter table public.document_actions enable row level security;
alter table public.document_replies enable row level security;
alter table public.document_reminders enable row level security;

revoke all on table public.documents, public.document_versions, public.document_files, public.document_reads,
  public.document_actions, public.document_replies, public.document_reminders from anon, authenticated;
grant select on table public.documents, public.document_versions, public.document_files, public.document_reads,
  public.document_actions, public.document_replies, public.document_reminders to authenticated;
grant all on table public.documents, public.document_versions, public.document_files, public.document_reads,
  public.document_actions, public.document_replies, public.document_reminders to service_role;

create policy documents_select on public.documents
  for select to authenticated
  using ((select private.is_document_publisher())
         or (archived_at is null and valid_from <= (select private.documents_today())
             and (valid_until is null or valid_until >= (select private.documents_today()))
             and private.audience_matches(audience_all, audience_unit_ids, audience_roles,
                                                   (select private.document_caller_role()), (select private.document_caller_units()))));

comment on policy documents_select on public.documents is 'Publishers read every document; the audience reads it while valid and not archived.';

create policy document_versions_select on public.document_versions
  for select to authenticated using (private.can_see_document(document_id));
create policy document_files_select on public.document_files
  for select to authenticated using (private.can_see_document(document_id));
create policy document_replies_select on public.document_replies
  for select to authenticated using (private.can_see_document(document_id));

-- One's own receipts; publishers everyone's (the receipts screen).
create policy document_reads_select on public.document_reads
  for select to authenticated
  using ((user_id = (select auth.uid()) and (select private.has_access())) or (select private.is_document_publisher()));

comment on policy document_reads_select on public.document_reads is 'The person''s own receipts; publishers all of them.';

-- A unit's actions: publishers, and the people of that unit who see the document.
create policy document_actions_select on public.document_actions
  for select to authenticated
  using ((select private.is_document_publisher())
         or (unit_id = any ((select private.document_caller_units())::uuid[]) and private.can_see_document(document_id)));

comment on policy document_actions_select on public.document_actions is 'Publishers; the people of the unit while they see the document.';

create policy document_reminders_select on public.document_reminders
  for select to authenticated using ((select private.is_document_publisher()));

-- Live screens: the publisher's receipts move as people read, acknowledge and act, and the feed sees a new
-- or archived document, without a reload. Realtime delivers a row only to whom its select policy allows.
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.documents, public.document_reads, public.document_actions;
  end if;
end;
$$;

-- ===========================================================================
-- Files: the private bucket `documentos`

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('documentos', 'documentos', false, 10485760, array['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

-- Whether the caller may read (p_write false) or add (p_write true) an object of the bucket.
--   `<document>/<file>`: read by whoever sees the document, added by publishers;
--   `<document>/acoes/<unit>/<file>`: read by publishers and by that unit's people who see the document,
--   added by those who may confirm the action for that unit while the document demands one.
create function private.document_object_allowed(p_name text, p_write boolean)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  v_parts text[] := string_to_array(p_name, '/');
  v_uuid text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  v_document uuid;
begin
  if coalesce(v_parts[1], '') !~ v_uuid then
    return false;
  end if;
  v_document := v_parts[1]::uuid;
  if cardinality(v_parts) = 2 and v_parts[2] <> '' then
    if p_write then
      return private.is_document_publisher() and exists (select 1 from public.documents d where d.id = v_document);
    end if;
    return private.can_see_document(v_document);
  end if;
  if cardinality(v_parts) = 4 and v_parts[2] = 'acoes' and v_parts[3] ~ v_uuid and v_parts[4] <> '' then
    if p_write then
      return v_parts[3]::uuid = any (private.document_action_units(v_document));
    end if;
    return private.is_document_publisher()
      or (v_parts[3]::uuid = any (private.document_caller_units()) and private.can_see_document(v_document));
  end if;
  return false;
end;
$$;

comment on function private.document_object_allowed(text, boolean) is
  'Storage rule of the documentos bucket: files follow the document, action photos the unit (read or add).';

revoke all on function private.document_object_allowed(text, boolean) from public, anon;
grant execute on function private.document_object_allowed(text, boolean) to authenticated, service_role;

create policy documentos_select on storage.objects
  for select to authenticated
  using (bucket_id = 'documentos' and private.document_object_allowed(name, false));

create policy documentos_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'documentos' and private.document_object_allowed(name, true));

-- ===========================================================================
-- Answers (jsonb shapes the client parses with zod in src/features/documents/schemas.ts)

-- Markdown stripped for the feed: links become their text, heading and list markers and emphasis go.
create function private.document_excerpt(p_body text)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select left(btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(left(p_body, 2000),
    '\[([^\]]*)\]\([^)]*\)', '\1', 'g'),
    '(^|\n)[ \t]*(#{1,6}[ \t]+|[-*][ \t]+|[0-9]+\.[ \t]+)', '\1', 'g'),
    '[*_`]+', '', 'g'),
    '\s+', ' ', 'g')), 200)
$$;

comment on function private.document_excerpt(text) is 'The first 200 characters of a body, Markdown stripped (the feed''s excerpt).';

-- DocumentMyStatus of a person for a document:
--   { read_at, acknowledged_at, acknowledged_version, pending, unit_done }
-- read_at: first LEITURA of a version >= ack_version; acknowledged_*: the latest CIENCIA (any version,
-- so the screen can say "ciente da versão 1"); pending: the demand is not met by the person (LEITURA:
-- no CIENCIA of a version >= ack_version; never the author's own text) or by one of the person's units
-- in the audience (ACAO: the author's unit acts like any other), while
-- the document is current and the person is in its audience; unit_done: ACAO only, every such unit done
-- (null when the person has none).
create function private.document_my_status(p_document public.documents, p_user_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_role text := private.role_name_of(p_user_id);
  v_units uuid[] := coalesce(array(select private.user_unit_ids(p_user_id)), '{}');
  v_in boolean;
  v_current boolean;
  v_read_at timestamptz;
  v_ack public.document_reads;
  v_unit_units uuid[];
  v_undone integer;
  v_pending boolean := false;
  v_unit_done boolean;
begin
  v_in := private.audience_matches(p_document.audience_all, p_document.audience_unit_ids, p_document.audience_roles, v_role, v_units);
  v_current := p_document.archived_at is null and p_document.valid_from <= private.documents_today()
    and (p_document.valid_until is null or p_document.valid_until >= private.documents_today());
  select min(r.recorded_at) into v_read_at from public.document_reads r
  where r.document_id = p_document.id and r.user_id = p_user_id and r.kind = 'LEITURA' and r.version >= p_document.ack_version;
  select * into v_ack from public.document_reads r
  where r.document_id = p_document.id and r.user_id = p_user_id and r.kind = 'CIENCIA'
  order by r.version desc limit 1;
  if p_document.demand = 'ACAO' then
    v_unit_units := array(select u from unnest(v_units) u
                          where cardinality(p_document.audience_unit_ids) = 0 or u = any (p_document.audience_unit_ids));
    if v_in and cardinality(v_unit_units) > 0 then
      select count(*) into v_undone from unnest(v_unit_units) u
      where not exists (select 1 from public.document_actions a
                        where a.document_id = p_document.id and a.unit_id = u and a.version >= p_document.ack_version);
      v_unit_done := v_undone = 0;
      v_pending := v_current and v_undone > 0;
    end if;
  elsif p_document.demand = 'LEITURA' then
    -- The author is not asked to acknowledge their own text.
    v_pending := v_in and v_current and p_user_id is distinct from p_document.created_by
      and coalesce(v_ack.version, 0) < p_document.ack_version;
  end if;
  return jsonb_build_object('read_at', v_read_at, 'acknowledged_at', v_ack.recorded_at, 'acknowledged_version', v_ack.version,
                            'pending', v_pending, 'unit_done', v_unit_done);
end;
$$;

comment on function private.document_my_status(public.documents, uuid) is
  'DocumentMyStatus {read_at, acknowledged_at, acknowledged_version, pending, unit_done} of one person for one document.';

-- DocumentSummary: { id, title, category, demand, due_date, overdue, version, created_at, created_by_name,
-- valid_from, valid_until, archived, excerpt, files, my } (overdue: pending for the caller past its due date).
create function private.document_summary(p_document public.documents, p_my jsonb)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', p_document.id, 'title', p_document.title, 'category', p_document.category, 'demand', p_document.demand,
    'due_date', p_document.due_date,
    'overdue', coalesce((p_my ->> 'pending')::boolean, false) and p_document.due_date < private.documents_today(),
    'version', p_document.version, 'created_at', p_document.created_at,
    'created_by_name', (select pr.full_name from public.profiles pr where pr.id = p_document.created_by),
    'valid_from', p_document.valid_from, 'valid_until', p_document.valid_until,
    'archived', p_document.archived_at is not null,
    'excerpt', private.document_excerpt(p_document.body),
    'files', (select count(*) from public.document_files f where f.document_id = p_document.id),
    'my', p_my)
$$;

comment on function private.document_summary(public.documents, jsonb) is 'DocumentSummary of a document with the caller''s status.';

-- DocumentAction: { id, unit_id, unit_name, lot, quantity, notes, photo_path, responsible_name, confirmed_at, version }
create function private.document_action_json(p_action public.document_actions)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', p_action.id, 'unit_id', p_action.unit_id,
    'unit_name', (select su.name from public.store_units su where su.id = p_action.unit_id),
    'lot', p_action.lot, 'quantity', p_action.quantity, 'notes', p_action.notes, 'photo_path', p_action.photo_path,
    'responsible_name', p_action.responsible_name, 'confirmed_at', p_action.confirmed_at, 'version', p_action.version)
$$;

comment on function private.document_action_json(public.document_actions) is 'DocumentAction of one confirmed action.';

-- DocumentFile: { id, file_name, mime_type, size_bytes, path }
create function private.document_file_json(p_file public.document_files)
returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('id', p_file.id, 'file_name', p_file.file_name, 'mime_type', p_file.mime_type,
                            'size_bytes', p_file.size_bytes, 'path', p_file.path)
$$;

comment on function private.document_file_json(public.document_files) is 'DocumentFile of one attached file.';

-- DocumentReply: { id, user_id, user_name, body, created_at }
create function private.document_reply_json(p_reply public.document_replies)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', p_reply.id, 'user_id', p_reply.user_id,
    'user_name', (select pr.full_name from public.profiles pr where pr.id = p_reply.user_id),
    'body', p_reply.body, 'created_at', p_reply.created_at)
$$;

comment on function private.document_reply_json(public.document_replies) is 'DocumentReply of one reply.';

-- DocumentDetail = DocumentSummary & { body, content_hash, ack_version, audience_all, audience_unit_ids,
-- audience_roles, allow_replies, can_manage, files: DocumentFile[], versions: {version, material,
-- created_at, created_by_name}[], actions: DocumentAction[] (all for publishers, the caller's units'
-- otherwise), replies: DocumentReply[], my_units: {id, name}[] (units the caller may confirm for) }.
-- No visibility check: callers check first.
create function private.document_detail(p_document_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_doc public.documents;
  v_publisher boolean := private.is_document_publisher();
  v_units uuid[] := private.document_caller_units();
begin
  select * into v_doc from public.documents d where d.id = p_document_id;
  return private.document_summary(v_doc, private.document_my_status(v_doc, auth.uid())) || jsonb_build_object(
    'body', v_doc.body, 'content_hash', v_doc.content_hash, 'ack_version', v_doc.ack_version,
    'audience_all', v_doc.audience_all, 'audience_unit_ids', to_jsonb(v_doc.audience_unit_ids),
    'audience_roles', to_jsonb(v_doc.audience_roles), 'allow_replies', v_doc.allow_replies,
    'can_manage', v_publisher,
    'files', coalesce((select jsonb_agg(private.document_file_json(f) order by f.created_at, f.id)
                       from public.document_files f where f.document_id = v_doc.id), '[]'::jsonb),
    'versions', coalesce((select jsonb_agg(jsonb_build_object('version', v.version, 'material', v.material, 'created_at', v.created_at,
                                                              'created_by_name', pr.full_name) order by v.version desc)
                          from public.document_versions v left join public.profiles pr on pr.id = v.created_by
                          where v.document_id = v_doc.id), '[]'::jsonb),
    'actions', coalesce((select jsonb_agg(private.document_action_json(a) order by a.confirmed_at desc, a.id)
                         from public.document_actions a
                         where a.document_id = v_doc.id and (v_publisher or a.unit_id = any (v_units))), '[]'::jsonb),
    'replies', coalesce((select jsonb_agg(private.document_reply_json(r) order by r.created_at, r.id)
                         from public.document_replies r where r.document_id = v_doc.id), '[]'::jsonb),
    'my_units', coalesce((select jsonb_agg(jsonb_build_object('id', su.id, 'name', su.name) order by su.name)
                          from public.store_units su where su.id = any (private.document_action_units(v_doc.id))), '[]'::jsonb));
end;
$$;

comment on function private.document_detail(uuid) is 'DocumentDetail of a document for the caller (no visibility check: callers check first).';

revoke all on function private.document_excerpt(text), private.document_my_status(public.documents, uuid),
  private.document_summary(public.documents, jsonb), private.document_action_json(public.document_actions),
  private.document_file_json(public.document_files), private.document_reply_json(public.document_replies),
  private.document_detail(uuid) from public, anon, authenticated;
grant execute on function private.document_excerpt(text), private.document_my_status(public.documents, uuid),
  private.document_summary(public.documents, jsonb), private.document_action_json(public.document_actions),
  private.document_file_json(public.document_files), private.document_reply_json(public.document_replies),
  private.document_detail(uuid) to service_role;

-- The people of a document's audience still pending (the reminder's recipients, the receipts' pending).
create function private.document_pending_user_ids(p_document public.documents)
returns setof uuid
language sql stable security definer set search_path = '' as $$
  select u from private.audience_user_ids(p_document.audience_all, p_document.audience_unit_ids, p_document.audience_roles) u
  where coalesce((private.document_my_status(p_document, u) ->> 'pending')::boolean, false)
$$;

comment on function private.document_pending_user_ids(public.documents) is 'Audience members whose demand is not met (see private.document_my_status).';

revoke all on function private.document_pending_user_ids(public.documents) from public, anon, authenticated;
grant execute on function private.document_pending_user_ids(public.documents) to service_role;

-- ===========================================================================
-- RPCs: publishing

create function private.require_document_publisher()
returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_document_publisher() then
    raise exception 'Você não tem permissão para publicar documentos' using errcode = '42501';
  end if;
end;
$$;

comment on function private.require_document_publisher() is 'Refuses (42501) callers who are not ADMIN or MANAGE_DOCUMENTS holders.';

revoke all on function private.require_document_publisher() from public, anon, authenticated;
grant execute on function private.require_document_publisher() to service_role;

-- Publishes (p_id null) or edits a document. p_document: { title, body, category, demand, due_date,
-- audience_all, audience_unit_ids, audience_roles, valid_from, valid_until, allow_replies }.
-- A changed title or body is a new version (document_versions); a material one (p_material) moves
-- ack_version, so everyone is asked again, and notifies the audience 'Nova versão: <title>'. Other fields
-- change without a version. A new document notifies every audience member but the publisher (only when
-- it is already valid: a future one is found in the feed when it starts). Returns DocumentDetail.
create function public.save_document(p_id uuid, p_request_id uuid, p_document jsonb, p_material boolean default true)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_replay record;
  v_old public.documents;
  v_doc public.documents;
  v_title text := btrim(coalesce(p_document ->> 'title', ''));
  v_body text := btrim(coalesce(p_document ->> 'body', ''), E' \t\r\n');
  v_category text := coalesce(nullif(p_document ->> 'category', ''), 'COMUNICADO');
  v_demand text := coalesce(nullif(p_document ->> 'demand', ''), 'NENHUMA');
  v_due date;
  v_valid_from date;
  v_valid_until date;
  v_all boolean := coalesce((p_document ->> 'audience_all')::boolean, false);
  v_units uuid[];
  v_roles text[];
  v_allow boolean := coalesce((p_document ->> 'allow_replies')::boolean, false);
  v_audience uuid[];
  v_text_changed boolean;
  v_result jsonb;
begin
  perform private.require_document_publisher();
  if p_id is not null then
    select * into v_old from public.documents d where d.id = p_id for update;
    if not found then
      raise exception 'Documento não encontrado' using errcode = 'PT404';
    end if;
  end if;
  select * into v_replay from private.request_replay(p_request_id, 'save_document');
  if v_replay.replayed then
    return v_replay.result;
  end if;

  if v_title = '' then
    raise exception 'Informe o título do documento' using errcode = '22023';
  end if;
  if char_length(v_title) > 200 then
    raise exception 'O título deve ter no máximo 200 caracteres' using errcode = '22023';
  end if;
  if v_body = '' then
    raise exception 'Informe o texto do documento' using errcode = '22023';
  end if;
  if char_length(v_body) > 50000 then
    raise exception 'O texto deve ter no máximo 50.000 caracteres' using errcode = '22023';
  end if;
  if v_category not in ('COMUNICADO', 'PROCEDIMENTO', 'PRECO', 'RECALL', 'REGULATORIO') then
    raise exception 'Escolha a categoria do documento' using errcode = '22023';
  end if;
  if v_demand not in ('NENHUMA', 'LEITURA', 'ACAO') then
    raise exception 'Escolha a exigência do documento' using errcode = '22023';
  end if;
  begin
    v_due := nullif(p_document ->> 'due_date', '')::date;
    v_valid_from := coalesce(nullif(p_document ->> 'valid_from', '')::date, v_old.valid_from, private.documents_today());
    v_valid_until := nullif(p_document ->> 'valid_until', '')::date;
  exception when others then
    raise exception 'Informe datas válidas (AAAA-MM-DD)' using errcode = '22023';
  end;
  if v_demand = 'NENHUMA' then
    v_due := null;
  elsif v_due is null then
    raise exception 'Informe o prazo da exigência' using errcode = '22023';
  elsif v_due < v_valid_from then
    raise exception 'O prazo não pode ser anterior ao início da validade' using errcode = '22023';
  end if;
  if v_valid_until is not null and v_valid_until < v_valid_from then
    raise exception 'O fim da validade não pode ser anterior ao início' using errcode = '22023';
  end if;
  begin
    v_units := coalesce(array(select distinct e::uuid from jsonb_array_elements_text(coalesce(p_document -> 'audience_unit_ids', '[]')) e), '{}');
  exception when others then
    raise exception 'Escolha unidades existentes para o público' using errcode = '22023';
  end;
  v_roles := coalesce(array(select distinct upper(e) from jsonb_array_elements_text(coalesce(p_document -> 'audience_roles', '[]')) e), '{}');
  if v_all then
    v_units := '{}';
    v_roles := '{}';
  end if;
  if not v_all and cardinality(v_units) = 0 and cardinality(v_roles) = 0 then
    raise exception 'Escolha o público do documento' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(v_units) u where not exists (select 1 from public.store_units su where su.id = u)) then
    raise exception 'Escolha unidades existentes para o público' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(v_roles) r where r <> all (private.known_role_names())) then
    raise exception 'Escolha papéis existentes para o público' using errcode = '22023';
  end if;
  v_audience := array(select private.audience_user_ids(v_all, v_units, v_roles));
  if cardinality(v_audience) = 0 then
    raise exception 'O público escolhido não inclui ninguém' using errcode = '22023';
  end if;

  if p_id is null then
    insert into public.documents (title, body, category, demand, due_date, audience_all, audience_unit_ids, audience_roles,
                                  valid_from, valid_until, allow_replies, created_by)
    values (v_title, v_body, v_category, v_demand, v_due, v_all, v_units, v_roles, v_valid_from, v_valid_until, v_allow, auth.uid())
    returning * into v_doc;
    insert into public.document_versions (document_id, version, title, body, content_hash, material, created_by)
    values (v_doc.id, 1, v_doc.title, v_doc.body, v_doc.content_hash, true, auth.uid());
    if v_doc.valid_from <= private.documents_today() then
      perform private.notify(array(select u from unnest(v_audience) u where u is distinct from auth.uid()),
                             'DOCUMENTO', v_doc.title, null, v_doc.id);
    end if;
  else
    if v_old.archived_at is not null then
      raise exception 'Um documento arquivado não pode ser editado' using errcode = '22023';
    end if;
    v_text_changed := v_title is distinct from v_old.title or v_body is distinct from v_old.body;
    update public.documents d set
      title = v_title, body = v_body, category = v_category, demand = v_demand, due_date = v_due,
      audience_all = v_all, audience_unit_ids = v_units, audience_roles = v_roles,
      valid_from = v_valid_from, valid_until = v_valid_until, allow_replies = v_allow,
      version = case when v_text_changed then d.version + 1 else d.version end,
      ack_version = case when v_text_changed and coalesce(p_material, true) then d.version + 1 else d.ack_version end
    where d.id = p_id
    returning * into v_doc;
    if v_text_changed then
      insert into public.document_versions (document_id, version, title, body, content_hash, material, created_by)
      values (v_doc.id, v_doc.version, v_doc.title, v_doc.body, v_doc.content_hash, coalesce(p_material, true), auth.uid());
      if coalesce(p_material, true) and v_doc.valid_from <= private.documents_today() then
        perform private.notify(array(select u from unnest(v_audience) u where u is distinct from auth.uid()),
                               'DOCUMENTO', 'Nova versão: ' || v_doc.title, null, v_doc.id);
      end if;
    end if;
  end if;

  v_result := private.document_detail(v_doc.id);
  perform private.request_record(p_request_id, v_result);
  return v_result;
end;
$$;

comment on function public.save_document(uuid, uuid, jsonb, boolean) is
  'Publishes or edits a document (publishers). Text changes make a version; a material one asks everyone again and notifies. Returns DocumentDetail.';

-- Hides a document from the feed (its evidence stays).
create function public.archive_document(p_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_document_publisher();
  update public.documents d set archived_at = coalesce(d.archived_at, now()) where d.id = p_id;
  if not found then
    raise exception 'Documento não encontrado' using errcode = 'PT404';
  end if;
end;
$$;

comment on function public.archive_document(uuid) is 'Archives a document (publishers): it leaves the feed; receipts and actions stay.';

-- Registers a file uploaded to `documentos` under `<document id>/` (not the action photos' folder).
-- Returns DocumentFile.
create function public.add_document_file(p_document_id uuid, p_path text, p_file_name text, p_mime_type text, p_size_bytes bigint)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_file public.document_files;
begin
  perform private.require_document_publisher();
  if not exists (select 1 from public.documents d where d.id = p_document_id) then
    raise exception 'Documento não encontrado' using errcode = 'PT404';
  end if;
  if p_path is null or p_path not like p_document_id::text || '/%' or p_path like p_document_id::text || '/acoes/%'
     or not exists (select 1 from storage.objects o where o.bucket_id = 'documentos' and o.name = p_path) then
    raise exception 'Arquivo não encontrado: envie-o de novo' using errcode = '22023';
  end if;
  if char_length(btrim(coalesce(p_file_name, ''))) not between 1 and 200 then
    raise exception 'Informe o nome do arquivo (até 200 caracteres)' using errcode = '22023';
  end if;
  if p_mime_type is null or p_mime_type not in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp') then
    raise exception 'Envie um arquivo PDF, JPEG, PNG ou WebP' using errcode = '22023';
  end if;
  if p_size_bytes is null or p_size_bytes not between 1 and 10485760 then
    raise exception 'O arquivo deve ter no máximo 10 MB' using errcode = '22023';
  end if;
  if exists (select 1 from public.document_files f where f.path = p_path) then
    select * into v_file from public.document_files f where f.path = p_path;
    return private.document_file_json(v_file);
  end if;
  insert into public.document_files (document_id, path, file_name, mime_type, size_bytes, created_by)
  values (p_document_id, p_path, btrim(p_file_name), p_mime_type, p_size_bytes, auth.uid())
  returning * into v_file;
  return private.document_file_json(v_file);
end;
$$;

comment on function public.add_document_file(uuid, text, text, text, bigint) is
  'Attaches an uploaded object of the documentos bucket to a document (publishers). Returns DocumentFile.';

-- Detaches a file: readers no longer see it (the storage policy lets the audience read only a document's
-- own folder, and the screen lists document_files).
create function public.remove_document_file(p_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_document_publisher();
  delete from public.document_files f where f.id = p_id;
  if not found then
    raise exception 'Arquivo não encontrado' using errcode = 'PT404';
  end if;
end;
$$;

comment on function public.remove_document_file(uuid) is 'Removes a file from a document (publishers).';

-- ===========================================================================
-- RPCs: reading

-- The feed. p_filter: 'TODOS' (current documents the caller sees), 'PENDENTES' (those whose demand the
-- caller has not met), 'GERENCIAR' (publishers: every document, archived, expired and future ones too).
-- Pending demands first (earliest due first), then newest. Search: Portuguese full text of title and body,
-- accent-folded, each word a prefix. Returns { total, pending, items: DocumentSummary[] } (pending: the
-- caller's pending demands, whatever the filter and search).
--
-- Visibility and pending are written inline, not through the per-document helpers: the feed asks them
-- for every document (10,000 of them within 300 ms), and the helpers do the same with lookups per row.
create function public.list_documents(p_search text default null, p_filter text default 'TODOS', p_limit integer default 20, p_offset integer default 0)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_role text := private.document_caller_role();
  v_units uuid[] := private.document_caller_units();
  v_publisher boolean := private.is_document_publisher();
  v_today date := private.documents_today();
  v_filter text := upper(coalesce(nullif(btrim(p_filter), ''), 'TODOS'));
  v_query tsquery;
  v_total integer;
  v_pending integer;
  v_items jsonb;
begin
  if not private.has_access() then
    raise exception 'Você não tem permissão para acessar esta área' using errcode = '42501';
  end if;
  if v_filter not in ('TODOS', 'PENDENTES', 'GERENCIAR') then
    raise exception 'Filtro de documentos desconhecido' using errcode = '22023';
  end if;
  if v_filter = 'GERENCIAR' and not v_publisher then
    raise exception 'Você não tem permissão para publicar documentos' using errcode = '42501';
  end if;
  if nullif(btrim(p_search), '') is not null then
    select to_tsquery('portuguese', string_agg(w || ':*', ' & ')) into v_query
    from regexp_split_to_table(private.fold_search_text(left(p_search, 200)), '[^a-z0-9]+') w
    where w <> '';
    if v_query is not null and numnode(v_query) = 0 then
      v_query := null;
    end if;
  end if;

  -- One pass over the documents: only the columns the order needs leave it (not the bodies), and the audience
  -- and pending rules are written out (private.audience_matches and private.document_my_status
  -- inlined by hand: a function call per document costs more than the whole scan).
  with visible as materialized (
    select d.id, d.created_at, d.due_date,
           case
             when d.demand = 'NENHUMA' then false
             when not (d.archived_at is null and d.valid_from <= v_today and (d.valid_until is null or d.valid_until >= v_today)) then false
             when not (v_role is not null and (
                    (d.audience_all and v_role <> 'REPRESENTANTE')
                    or (not d.audience_all
                        and (cardinality(d.audience_roles) > 0 or cardinality(d.audience_unit_ids) > 0)
                        and (cardinality(d.audience_roles) = 0 or v_role = any (d.audience_roles))
                        and (cardinality(d.audience_unit_ids) = 0 or (v_role <> 'REPRESENTANTE' and d.audience_unit_ids && v_units))))) then false
             when d.demand = 'LEITURA' then d.created_by is distinct from v_uid and not exists (
               select 1 from public.document_reads r
               where r.document_id = d.id and r.user_id = v_uid and r.kind = 'CIENCIA' and r.version >= d.ack_version)
             else exists (
               select 1 from unnest(v_units) u
               where (cardinality(d.audience_unit_ids) = 0 or u = any (d.audience_unit_ids))
                 and not exists (select 1 from public.document_actions a
                                 where a.document_id = d.id and a.unit_id = u and a.version >= d.ack_version))
           end as is_pending
    from public.documents d
    where (v_query is null or d.search @@ v_query)
      and (v_filter = 'GERENCIAR'
           or (d.archived_at is null and d.valid_from <= v_today and (d.valid_until is null or d.valid_until >= v_today)))
      and (v_publisher
           or (v_role is not null and (
                 (d.audience_all and v_role <> 'REPRESENTANTE')
                 or (not d.audience_all
                     and (cardinality(d.audience_roles) > 0 or cardinality(d.audience_unit_ids) > 0)
                     and (cardinality(d.audience_roles) = 0 or v_role = any (d.audience_roles))
                     and (cardinality(d.audience_unit_ids) = 0 or (v_role <> 'REPRESENTANTE' and d.audience_unit_ids && v_units))))))
  ), page as (
    select v.id, v.is_pending, v.due_date, v.created_at from visible v
    where v_filter <> 'PENDENTES' or v.is_pending
    order by v.is_pending desc, case when v.is_pending then v.due_date end asc nulls last, v.created_at desc, v.id desc
    limit greatest(1, least(coalesce(p_limit, 20), 100)) offset greatest(coalesce(p_offset, 0), 0)
  )
  select (select count(*) from visible v where v_filter <> 'PENDENTES' or v.is_pending),
         (select count(*) from visible where is_pending),
         coalesce((select jsonb_agg(private.document_summary(d, private.document_my_status(d, v_uid))
                                    order by p.is_pending desc, case when p.is_pending then p.due_date end asc nulls last,
                                             p.created_at desc, p.id desc)
                   from page p join public.documents d on d.id = p.id), '[]'::jsonb)
  into v_total, v_pending, v_items;

  -- The pending count is the caller's, whatever the search: computed without it when searching.
  if v_query is not null or v_filter = 'GERENCIAR' then
    v_pending := public.count_pending_documents();
  end if;
  return jsonb_build_object('total', v_total, 'pending', v_pending, 'items', v_items);
end;
$$;

comment on function public.list_documents(text, text, integer, integer) is
  'The documents feed: { total, pending, items: DocumentSummary[] }, pending demands first, then newest; search in Portuguese full text.';

-- A document the caller sees, as DocumentDetail; PT404 otherwise (unknown and not visible alike).
create function public.get_document(p_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_access() or not private.can_see_document(p_id) then
    raise exception 'Documento não encontrado' using errcode = 'PT404';
  end if;
  return private.document_detail(p_id);
end;
$$;

comment on function public.get_document(uuid) is 'DocumentDetail of a document the caller sees; PT404 otherwise.';

-- The caller's pending demands (home screen; after the day's first punch, never before it: domain §7).
-- Same rule as list_documents' is_pending.
create function public.count_pending_documents()
returns integer
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_role text := private.document_caller_role();
  v_units uuid[] := private.document_caller_units();
  v_today date := private.documents_today();
begin
  if v_role is null then
    return 0;
  end if;
  return (
    select count(*)::integer from public.documents d
    where d.demand <> 'NENHUMA' and d.archived_at is null
      and d.valid_from <= v_today and (d.valid_until is null or d.valid_until >= v_today)
      -- private.audience_matches written out, as in list_documents (no call per row).
      and ((d.audience_all and v_role <> 'REPRESENTANTE')
           or (not d.audience_all
               and (cardinality(d.audience_roles) > 0 or cardinality(d.audience_unit_ids) > 0)
               and (cardinality(d.audience_roles) = 0 or v_role = any (d.audience_roles))
               and (cardinality(d.audience_unit_ids) = 0 or (v_role <> 'REPRESENTANTE' and d.audience_unit_ids && v_units))))
      and ((d.demand = 'LEITURA' and d.created_by is distinct from v_uid and not exists (
              select 1 from public.document_reads r
              where r.document_id = d.id and r.user_id = v_uid and r.kind = 'CIENCIA' and r.version >= d.ack_version))
           or (d.demand = 'ACAO' and exists (
              select 1 from unnest(v_units) u
              where (cardinality(d.audience_unit_ids) = 0 or u = any (d.audience_unit_ids))
                and not exists (select 1 from public.document_actions a
                                where a.document_id = d.id and a.unit_id = u and a.version >= d.ack_version)))));
end;
$$;

comment on function public.count_pending_documents() is 'How many current documents still demand something of the caller (reading or the unit''s action).';

-- ===========================================================================
-- RPCs: receipts, acknowledgements, actions, replies

-- Opening a document records one LEITURA of its current version (a second call changes nothing).
-- Returns DocumentMyStatus.
create function public.record_document_read(p_document_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_doc public.documents;
begin
  if not private.has_access() or not private.can_see_document(p_document_id) then
    raise exception 'Documento não encontrado' using errcode = 'PT404';
  end if;
  select * into v_doc from public.documents d where d.id = p_document_id;
  insert into public.document_reads (document_id, user_id, version, kind, content_hash, ip)
  values (v_doc.id, auth.uid(), v_doc.version, 'LEITURA', v_doc.content_hash, private.request_evidence_ip())
  on conflict (document_id, user_id, version, kind) do nothing;
  -- Having opened the document, its notifications (published, new version, reminders) are no news to the bell.
  update public.notifications n set read_at = now()
  where n.user_id = auth.uid() and n.document_id = v_doc.id and n.read_at is null;
  return private.document_my_status(v_doc, auth.uid());
end;
$$;

comment on function public.record_document_read(uuid) is 'Records the caller''s read receipt of the current version once. Returns DocumentMyStatus.';

-- 'Li e compreendi' of the version the caller was shown (p_version): once per version, server time,
-- SHA-256 of that version, the gateway's address. A changed document refuses (read the new version first).
create function public.acknowledge_document(p_document_id uuid, p_version integer)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_doc public.documents;
  v_ip text := private.request_evidence_ip();
begin
  if not private.has_access() or not private.can_see_document(p_document_id) then
    raise exception 'Documento não encontrado' using errcode = 'PT404';
  end if;
  select * into v_doc from public.documents d where d.id = p_document_id for share;
  if v_doc.demand = 'NENHUMA' then
    raise exception 'Este documento não pede ciência' using errcode = '22023';
  end if;
  if p_version is distinct from v_doc.version then
    raise exception 'Este documento mudou desde que você o abriu: leia a nova versão' using errcode = '22023';
  end if;
  -- Acknowledging is reading too.
  insert into public.document_reads (document_id, user_id, version, kind, content_hash, ip)
  values (v_doc.id, auth.uid(), v_doc.version, 'LEITURA', v_doc.content_hash, v_ip),
         (v_doc.id, auth.uid(), v_doc.version, 'CIENCIA', v_doc.content_hash, v_ip)
  on conflict (document_id, user_id, version, kind) do nothing;
  return private.document_my_status(v_doc, auth.uid());
end;
$$;

comment on function public.acknowledge_document(uuid, integer) is
  'Records the caller''s acknowledgement of the version shown, once (server time, content hash, address). Returns DocumentMyStatus.';

-- What a unit did for a document that demands an action, by the caller (named in the row). Returns DocumentAction.
create function public.confirm_document_action(
  p_document_id uuid, p_request_id uuid, p_unit_id uuid, p_lot text, p_quantity numeric,
  p_notes text default null, p_photo_path text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_replay record;
  v_doc public.documents;
  v_action public.document_actions;
  v_result jsonb;
begin
  if not private.has_access() or not private.can_see_document(p_document_id) then
    raise exception 'Documento não encontrado' using errcode = 'PT404';
  end if;
  select * into v_doc from public.documents d where d.id = p_document_id for share;
  if v_doc.demand <> 'ACAO' then
    raise exception 'Este documento não pede ação por unidade' using errcode = '22023';
  end if;
  if p_unit_id is null or not (p_unit_id = any (private.document_action_units(p_document_id))) then
    raise exception 'Você não pode confirmar pela unidade escolhida' using errcode = '42501';
  end if;
  select * into v_replay from private.request_replay(p_request_id, 'confirm_document_action');
  if v_replay.replayed then
    return v_replay.result;
  end if;
  if btrim(coalesce(p_lot, '')) = '' then
    raise exception 'Informe o lote' using errcode = '22023';
  end if;
  if char_length(btrim(p_lot)) > 60 then
    raise exception 'O lote deve ter no máximo 60 caracteres' using errcode = '22023';
  end if;
  if p_quantity is null or p_quantity <= 0 or p_quantity >= 1000000000 then
    raise exception 'Informe a quantidade recolhida (maior que zero)' using errcode = '22023';
  end if;
  if char_length(coalesce(p_notes, '')) > 1000 then
    raise exception 'As observações devem ter no máximo 1.000 caracteres' using errcode = '22023';
  end if;
  if nullif(p_photo_path, '') is not null
     and (p_photo_path not like p_document_id::text || '/acoes/' || p_unit_id::text || '/%'
          or not exists (select 1 from storage.objects o where o.bucket_id = 'documentos' and o.name = p_photo_path)) then
    raise exception 'Arquivo não encontrado: envie-o de novo' using errcode = '22023';
  end if;
  insert into public.document_actions (document_id, version, unit_id, lot, quantity, notes, photo_path, responsible_name, confirmed_by)
  values (v_doc.id, v_doc.version, p_unit_id, btrim(p_lot), round(p_quantity, 3), nullif(btrim(coalesce(p_notes, '')), ''),
          nullif(p_photo_path, ''),
          coalesce((select nullif(btrim(pr.full_name), '') from public.profiles pr where pr.id = auth.uid()),
                   (select u.email from auth.users u where u.id = auth.uid()), 'Sem nome'),
          auth.uid())
  returning * into v_action;
  v_result := private.document_action_json(v_action);
  perform private.request_record(p_request_id, v_result);
  return v_result;
end;
$$;

comment on function public.confirm_document_action(uuid, uuid, uuid, text, numeric, text, text) is
  'Confirms what one of the caller''s units did (lot, quantity, notes, photo) for a document that demands an action. Returns DocumentAction.';

-- A reply, when the publisher allows them. Returns DocumentReply.
create function public.add_document_reply(p_document_id uuid, p_body text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_doc public.documents;
  v_reply public.document_replies;
begin
  if not private.has_access() or not private.can_see_document(p_document_id) then
    raise exception 'Documento não encontrado' using errcode = 'PT404';
  end if;
  select * into v_doc from public.documents d where d.id = p_document_id;
  if not v_doc.allow_replies then
    raise exception 'Este documento não aceita respostas' using errcode = '22023';
  end if;
  if btrim(coalesce(p_body, '')) = '' then
    raise exception 'Escreva a resposta' using errcode = '22023';
  end if;
  if char_length(btrim(p_body)) > 4000 then
    raise exception 'A resposta deve ter no máximo 4.000 caracteres' using errcode = '22023';
  end if;
  insert into public.document_replies (document_id, user_id, body) values (v_doc.id, auth.uid(), btrim(p_body))
  returning * into v_reply;
  return private.document_reply_json(v_reply);
end;
$$;

comment on function public.add_document_reply(uuid, text) is 'Adds the caller''s reply to a document that allows replies. Returns DocumentReply.';

-- ===========================================================================
-- RPCs: the publisher's view

-- Who read, acknowledged and acted, by unit and person (the current audience). Returns DocumentReceipts:
-- { document_id, version, ack_version, demand, totals: {audience, read, acknowledged, units, units_done},
--   units: {unit_id, unit_name, people, read, acknowledged, done, actions}[], people: {user_id, name,
--   unit_id, unit_name, role, read_at, acknowledged_at, acknowledged_version, pending}[], last_reminder_at }.
-- A person working in several units counts in each unit's row; the people list gives one unit (the
-- current one when it is in the audience). done is null unless the document demands an action.
create function public.get_document_receipts(p_document_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_doc public.documents;
  v_people jsonb;
  v_units jsonb;
begin
  if not private.is_document_publisher() then
    raise exception 'Você não tem permissão para ver as confirmações deste documento' using errcode = '42501';
  end if;
  select * into v_doc from public.documents d where d.id = p_document_id;
  if not found then
    raise exception 'Documento não encontrado' using errcode = 'PT404';
  end if;

  create temporary table if not exists pg_temp.document_receipt_people (
    user_id uuid primary key, name text, units uuid[], unit_id uuid, role text, status jsonb) on commit drop;
  truncate pg_temp.document_receipt_people;
  insert into pg_temp.document_receipt_people (user_id, name, units, unit_id, role, status)
  select a.u, coalesce(pr.full_name, ''), us.units,
         case when pr.unit_id is not null and (cardinality(v_doc.audience_unit_ids) = 0 or pr.unit_id = any (v_doc.audience_unit_ids))
              then pr.unit_id
              else (select x from unnest(us.units) x where cardinality(v_doc.audience_unit_ids) = 0 or x = any (v_doc.audience_unit_ids) limit 1) end,
         private.role_name_of(a.u),
         private.document_my_status(v_doc, a.u)
  from private.audience_user_ids(v_doc.audience_all, v_doc.audience_unit_ids, v_doc.audience_roles) a(u)
  left join public.profiles pr on pr.id = a.u
  cross join lateral (select coalesce(array(select private.user_unit_ids(a.u)), '{}') as units) us;

  select coalesce(jsonb_agg(jsonb_build_object(
           'user_id', p.user_id, 'name', p.name, 'unit_id', p.unit_id,
           'unit_name', (select su.name from public.store_units su where su.id = p.unit_id),
           'role', p.role, 'read_at', p.status -> 'read_at', 'acknowledged_at', p.status -> 'acknowledged_at',
           'acknowledged_version', p.status -> 'acknowledged_version', 'pending', p.status -> 'pending') order by p.name, p.user_id), '[]'::jsonb)
  into v_people
  from pg_temp.document_receipt_people p;

  select coalesce(jsonb_agg(s.unit_row order by (s.unit_row ->> 'unit_id') is null, s.unit_row ->> 'unit_name'), '[]'::jsonb) into v_units
  from (
    select jsonb_build_object(
      'unit_id', su.id, 'unit_name', su.name,
      'people', (select count(*) from pg_temp.document_receipt_people p where su.id = any (p.units)),
      'read', (select count(*) from pg_temp.document_receipt_people p where su.id = any (p.units) and p.status ->> 'read_at' is not null),
      'acknowledged', (select count(*) from pg_temp.document_receipt_people p
                       where su.id = any (p.units) and (p.status ->> 'acknowledged_version')::integer >= v_doc.ack_version),
      'done', case when v_doc.demand = 'ACAO' then exists (
                select 1 from public.document_actions a where a.document_id = v_doc.id and a.unit_id = su.id and a.version >= v_doc.ack_version) end,
      'actions', coalesce((select jsonb_agg(private.document_action_json(a) order by a.confirmed_at desc, a.id)
                           from public.document_actions a where a.document_id = v_doc.id and a.unit_id = su.id), '[]'::jsonb)) as unit_row
    from public.store_units su
    where (cardinality(v_doc.audience_unit_ids) > 0 and su.id = any (v_doc.audience_unit_ids))
       or (cardinality(v_doc.audience_unit_ids) = 0 and exists (select 1 from pg_temp.document_receipt_people p where su.id = any (p.units)))
    union all
    select jsonb_build_object('unit_id', null, 'unit_name', 'Sem unidade',
      'people', count(*), 'read', count(*) filter (where p.status ->> 'read_at' is not null),
      'acknowledged', count(*) filter (where (p.status ->> 'acknowledged_version')::integer >= v_doc.ack_version),
      'done', null, 'actions', '[]'::jsonb) as unit_row
    from pg_temp.document_receipt_people p
    where cardinality(p.units) = 0
    having count(*) > 0
  ) s;

  return jsonb_build_object(
    'document_id', v_doc.id, 'version', v_doc.version, 'ack_version', v_doc.ack_version, 'demand', v_doc.demand,
    'totals', jsonb_build_object(
      'audience', (select count(*) from pg_temp.document_receipt_people),
      'read', (select count(*) from pg_temp.document_receipt_people p where p.status ->> 'read_at' is not null),
      'acknowledged', (select count(*) from pg_temp.document_receipt_people p where (p.status ->> 'acknowledged_version')::integer >= v_doc.ack_version),
      'units', (select count(*) from jsonb_array_elements(v_units) u where u ->> 'unit_id' is not null),
      'units_done', (select count(*) from jsonb_array_elements(v_units) u where (u ->> 'done')::boolean)),
    'units', v_units,
    'people', v_people,
    'last_reminder_at', (select max(r.sent_at) from public.document_reminders r where r.document_id = v_doc.id));
end;
$$;

comment on function public.get_document_receipts(uuid) is
  'DocumentReceipts of a document (publishers): totals, per unit (people, read, acknowledged, done, actions) and per person.';

-- One ALERTA 'Lembrete: <title>' to every audience member still pending (not the caller), at most once an
-- hour per document. Returns how many were reminded (0 when nobody is pending or nothing is demanded).
create function public.remind_document_pending(p_document_id uuid)
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_doc public.documents;
  v_last timestamptz;
  v_count integer;
begin
  perform private.require_document_publisher();
  select * into v_doc from public.documents d where d.id = p_document_id for update;
  if not found then
    raise exception 'Documento não encontrado' using errcode = 'PT404';
  end if;
  select max(r.sent_at) into v_last from public.document_reminders r where r.document_id = v_doc.id;
  if v_last > now() - interval '1 hour' then
    raise exception 'Um lembrete deste documento já foi enviado às %; aguarde 1 hora',
      to_char(v_last at time zone 'America/Sao_Paulo', 'HH24:MI') using errcode = '22023';
  end if;
  if v_doc.demand = 'NENHUMA' or v_doc.archived_at is not null then
    return 0;
  end if;
  v_count := private.notify(
    array(select u from private.document_pending_user_ids(v_doc) u where u is distinct from auth.uid()),
    'ALERTA', 'Lembrete: ' || v_doc.title, null, v_doc.id);
  if v_count > 0 then
    insert into public.document_reminders (document_id, sent_by, recipients) values (v_doc.id, auth.uid(), v_count);
  end if;
  return v_count;
end;
$$;

comment on function public.remind_document_pending(uuid) is
  'Sends an ALERTA reminder to the pending audience of a document (publishers), at most once an hour. Returns how many.';

revoke execute on function public.save_document(uuid, uuid, jsonb, boolean), public.archive_document(uuid),
  public.add_document_file(uuid, text, text, text, bigint), public.remove_document_file(uuid),
  public.list_documents(text, text, integer, integer), public.get_document(uuid), public.count_pending_documents(),
  public.record_document_read(uuid), public.acknowledge_document(uuid, integer),
  public.confirm_document_action(uuid, uuid, uuid, text, numeric, text, text), public.add_document_reply(uuid, text),
  public.get_document_receipts(uuid), public.remind_document_pending(uuid) from public, anon;
grant execute on function public.save_document(uuid, uuid, jsonb, boolean), public.archive_document(uuid),
  public.add_document_file(uuid, text, text, text, bigint), public.remove_document_file(uuid),
  public.list_documents(text, text, integer, integer), public.get_document(uuid), public.count_pending_documents(),
  public.record_document_read(uuid), public.acknowledge_document(uuid, integer),
  public.confirm_document_action(uuid, uuid, uuid, text, numeric, text, text), public.add_document_reply(uuid, text),
  public.get_document_receipts(uuid), public.remind_document_pending(uuid) to authenticated, service_role;
