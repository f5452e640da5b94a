-- Correio (issue 27, item 4): internal mail between staff, to a person, a unit or a role, with threads,
-- replies, attachments in a private bucket, per-person read and archive state, and Portuguese full-text
-- search of one's own mail. Only the sender and the recipients of a message read it and its attachments,
-- by table, by storage and by realtime. A message never changes once sent: its subject, body, sender,
-- recipients and attachments are fixed; only each person's read_at / archived_at move, through the RPCs.
--
-- Representatives are outside staff: they write only to the purchasing staff (ADMIN_COMPRAS, ADMIN), never
-- to a unit or a role, and their recipient search answers names only (no e-mail, unit or role leaks).
--
-- New mail raises one ALERTA notification per recipient (private.notify, 20261129000000_notifications.sql).

-- ===========================================================================
-- Tables

create table public.mail_messages (
  id uuid primary key default gen_random_uuid(),
  thread_id uuid not null references public.mail_messages (id) on delete cascade,
  reply_to_id uuid references public.mail_messages (id) on delete cascade,
  sender_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  subject text not null,
  body text not null,
  addressed_to jsonb not null default '{"users": [], "units": [], "roles": []}'::jsonb,
  created_at timestamptz not null default now(),
  sender_archived_at timestamptz,
  -- Accent-folded Portuguese stems of subject and body: 'receita' finds 'Receitas', 'preco' finds 'preço'.
  search tsvector generated always as (
    to_tsvector('portuguese'::regconfig, private.fold_search_text(subject || ' ' || body))) stored,
  constraint mail_messages_subject_length check (char_length(subject) <= 200 and subject ~ '\S'),
  constraint mail_messages_body_length check (char_length(body) <= 20000 and body ~ '\S'),
  constraint mail_messages_thread_root check ((thread_id = id) = (reply_to_id is null)),
  constraint mail_messages_addressed_to_shape check (jsonb_typeof(addressed_to) = 'object')
);

comment on table public.mail_messages is
  'Correio messages (issue 27). Written only by send_mail; read by the sender and the recipients. Subject, body, sender and addressing never change; sender_archived_at moves through archive_mail_thread.';
comment on column public.mail_messages.thread_id is 'The first message of the conversation (its own id for a new message); replies carry it.';
comment on column public.mail_messages.addressed_to is 'What the sender chose, for display: {users:[{id,name}], units:[{id,name}], roles:[ROLE]}. Who actually received it is mail_recipients.';
comment on column public.mail_messages.sender_archived_at is 'The sender moved the conversation to the archive (their copy only).';
comment on column public.mail_messages.search is 'Portuguese full-text vector of subject and body, accents folded; list_mail searches it.';

-- The sender's ENVIADOS list and the thread reads go by these; the GIN index answers a search.
create index mail_messages_sender_created_idx on public.mail_messages (sender_id, created_at desc);
create index mail_messages_thread_created_idx on public.mail_messages (thread_id, created_at);
create index mail_messages_reply_to_id_idx on public.mail_messages (reply_to_id) where reply_to_id is not null;
create index mail_messages_search_idx on public.mail_messages using gin (search);

create table public.mail_recipients (
  message_id uuid not null references public.mail_messages (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- Denormalized from the message so a person's inbox is listed from this table alone (one index range per
  -- user, no join over 100,000 messages before grouping by thread).
  thread_id uuid not null,
  created_at timestamptz not null,
  via_unit_id uuid references public.store_units (id) on delete set null,
  via_role text,
  read_at timestamptz,
  archived_at timestamptz,
  primary key (message_id, user_id),
  constraint mail_recipients_read_after_sent check (read_at is null or read_at >= created_at)
);

comment on table public.mail_recipients is
  'Who received each message, and their own read and archive state. In the supabase_realtime publication: a recipient hears new mail, a sender hears the read receipts of what they sent; nobody else hears anything.';
comment on column public.mail_recipients.via_unit_id is 'Received because the sender addressed this unit (null when named directly).';
comment on column public.mail_recipients.via_role is 'Received because the sender addressed this role (null when named directly or by unit).';
comment on column public.mail_recipients.read_at is 'Server time the recipient first opened the conversation; set once.';
comment on column public.mail_recipients.archived_at is 'The recipient moved the conversation to the archive; a new reply arrives unarchived.';

-- A person's inbox, newest first, and their unread count.
create index mail_recipients_user_created_idx on public.mail_recipients (user_id, created_at desc) include (thread_id, read_at, archived_at);
create index mail_recipients_user_thread_idx on public.mail_recipients (user_id, thread_id);
create index mail_recipients_via_unit_id_idx on public.mail_recipients (via_unit_id) where via_unit_id is not null;

create table public.mail_attachments (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.mail_messages (id) on delete cascade,
  path text not null,
  file_name text not null,
  mime_type text not null,
  size_bytes bigint not null,
  created_at timestamptz not null default now(),
  constraint mail_attachments_file_name_length check (char_length(btrim(file_name)) between 1 and 255),
  constraint mail_attachments_size check (size_bytes between 1 and 10485760),
  constraint mail_attachments_mime_type_known check (mime_type in (
    'application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'text/csv',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')),
  constraint mail_attachments_one_path_per_message unique (message_id, path)
);

comment on table public.mail_attachments is
  'Files of a message, stored in the private bucket correio under <sender id>/<uuid>/<name>. Whoever reads the message reads its files (table and storage).';

create index mail_attachments_path_idx on public.mail_attachments (path);

-- The notification of new mail points at its message and goes with it.
alter table public.notifications
  add constraint notifications_mail_message_id_fkey
  foreign key (mail_message_id) references public.mail_messages (id) on delete cascade;

-- ===========================================================================
-- Who reads what

-- True when the caller sent or received the message. Security definer so the policies of mail_messages and
-- mail_recipients can ask it of each other without recursing through their own RLS.
create function private.mail_participant(p_message_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.mail_messages m where m.id = p_message_id and m.sender_id = auth.uid())
      or exists (select 1 from public.mail_recipients r where r.message_id = p_message_id and r.user_id = auth.uid())
$$;

comment on function private.mail_participant(uuid) is 'True when auth.uid() sent or received the message.';

-- True when the caller sent the message.
create function private.mail_sender(p_message_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.mail_messages m where m.id = p_message_id and m.sender_id = auth.uid())
$$;

comment on function private.mail_sender(uuid) is 'True when auth.uid() sent the message.';

revoke all on function private.mail_participant(uuid), private.mail_sender(uuid) from public, anon;
grant execute on function private.mail_participant(uuid), private.mail_sender(uuid) to authenticated, service_role;

alter table public.mail_messages enable row level security;
alter table public.mail_recipients enable row level security;
alter table public.mail_attachments enable row level security;
revoke all on public.mail_messages, public.mail_recipients, public.mail_attachments from anon, authenticated;
-- Reads only: every write goes through the RPCs below. Not addressed_to: it names everyone the sender chose, and a
-- representative reads it only through the RPCs, which leave out other suppliers' people (private.mail_shown_to).
grant select (id, thread_id, reply_to_id, sender_id, subject, body, created_at, sender_archived_at) on public.mail_messages to authenticated;
grant select on public.mail_recipients, public.mail_attachments to authenticated;

create policy mail_messages_select on public.mail_messages
  for select to authenticated
  using ((select private.has_access()) and (sender_id = (select auth.uid()) or private.mail_participant(id)));

comment on policy mail_messages_select on public.mail_messages is 'The sender and the recipients, while their account is active.';

create policy mail_recipients_select on public.mail_recipients
  for select to authenticated
  using ((select private.has_access()) and (user_id = (select auth.uid()) or private.mail_sender(message_id)));

comment on policy mail_recipients_select on public.mail_recipients is
  'A recipient reads their own row; the sender reads every row of what they sent (read receipts). Realtime follows the same rule.';

create policy mail_attachments_select on public.mail_attachments
  for select to authenticated
  using ((select private.has_access()) and private.mail_participant(message_id));

comment on policy mail_attachments_select on public.mail_attachments is 'Whoever reads the message.';

-- ===========================================================================
-- A sent message does not change

-- Messages: only the sender's archive mark moves; deleting goes only with the sender's account or the
-- thread (ON DELETE CASCADE); the service role is held to the same.
create function private.guard_mail_message_change()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    if not exists (select 1 from auth.users u where u.id = old.sender_id)
       or not exists (select 1 from public.mail_messages m where m.id = old.thread_id)
       or (old.reply_to_id is not null and not exists (select 1 from public.mail_messages m where m.id = old.reply_to_id)) then
      return old;
    end if;
    raise exception 'Uma mensagem enviada não pode ser alterada nem excluída' using errcode = '42501';
  end if;
  -- search is generated after BEFORE triggers (null in NEW here): it follows subject and body anyway.
  if (to_jsonb(new) - 'sender_archived_at' - 'search') is distinct from (to_jsonb(old) - 'sender_archived_at' - 'search') then
    raise exception 'Uma mensagem enviada não pode ser alterada nem excluída' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke all on function private.guard_mail_message_change() from public, anon, authenticated;

create trigger mail_messages_guard_change
  before update or delete on public.mail_messages
  for each row execute function private.guard_mail_message_change();

create trigger mail_messages_refuse_truncate
  before truncate on public.mail_messages
  for each statement execute function private.refuse_change('Uma mensagem enviada não pode ser alterada nem excluída');

-- Recipients: read_at moves once from null; archived_at moves both ways; who received what never changes.
-- A row goes only with its message or the recipient's account.
create function private.guard_mail_recipient_change()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    if not exists (select 1 from public.mail_messages m where m.id = old.message_id)
       or not exists (select 1 from auth.users u where u.id = old.user_id) then
      return old;
    end if;
    raise exception 'Os destinatários de uma mensagem não podem ser alterados' using errcode = '42501';
  end if;
  if (to_jsonb(new) - 'read_at' - 'archived_at') is distinct from (to_jsonb(old) - 'read_at' - 'archived_at')
     or (old.read_at is not null and new.read_at is distinct from old.read_at) then
    raise exception 'Os destinatários de uma mensagem não podem ser alterados' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke all on function private.guard_mail_recipient_change() from public, anon, authenticated;

create trigger mail_recipients_guard_change
  before update or delete on public.mail_recipients
  for each row execute function private.guard_mail_recipient_change();

-- A recipient row copies its message's thread and time (the inbox index reads them), whoever inserts it.
create function private.fill_mail_recipient()
returns trigger
language plpgsql set search_path = '' as $$
begin
  select m.thread_id, m.created_at into new.thread_id, new.created_at
  from public.mail_messages m where m.id = new.message_id;
  return new;
end;
$$;

revoke all on function private.fill_mail_recipient() from public, anon, authenticated;

create trigger mail_recipients_fill
  before insert on public.mail_recipients
  for each row execute function private.fill_mail_recipient();

create trigger mail_recipients_refuse_truncate
  before truncate on public.mail_recipients
  for each statement execute function private.refuse_change('Os destinatários de uma mensagem não podem ser alterados');

create trigger mail_attachments_refuse_change
  before update or delete on public.mail_attachments
  for each row execute function private.refuse_change('Os anexos de uma mensagem enviada não podem ser alterados', 'mail_messages', 'message_id');

create trigger mail_attachments_refuse_truncate
  before truncate on public.mail_attachments
  for each statement execute function private.refuse_change('Os anexos de uma mensagem enviada não podem ser alterados');

do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.mail_recipients;
  end if;
end;
$$;

-- ===========================================================================
-- Attachments: private bucket `correio`, `<sender id>/<uuid>/<safe name>`. Uploaded before sending into the
-- uploader's own folder; read by the uploader and by whoever reads a message carrying that path. No update
-- or delete policy: a sent file cannot be replaced.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('correio', 'correio', false, 10485760, array[
  'application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
on conflict (id) do nothing;

-- True when the caller sent or received a message that carries the file at p_name.
create function private.can_read_mail_file(p_name text)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.mail_attachments a
    where a.path = p_name
      and (exists (select 1 from public.mail_messages m where m.id = a.message_id and m.sender_id = auth.uid())
           or exists (select 1 from public.mail_recipients r where r.message_id = a.message_id and r.user_id = auth.uid())))
$$;

comment on function private.can_read_mail_file(text) is 'True when auth.uid() sent or received a message with an attachment at this path of bucket correio.';

revoke all on function private.can_read_mail_file(text) from public, anon;
grant execute on function private.can_read_mail_file(text) to authenticated, service_role;

create policy correio_select on storage.objects
  for select to authenticated
  using (
    bucket_id = 'correio' and (select private.has_access())
    and (split_part(name, '/', 1) = (select auth.uid())::text or private.can_read_mail_file(name)));

create policy correio_insert on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'correio' and (select private.has_access())
    and split_part(name, '/', 1) = (select auth.uid())::text and split_part(name, '/', 2) <> '');

-- ===========================================================================
-- Shared pieces of the RPCs

-- Purchasing staff: the only people a representative may write to.
create function private.is_purchasing_staff(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(private.role_name_of(p_user_id) in ('ADMIN_COMPRAS', 'ADMIN'), false)
$$;

comment on function private.is_purchasing_staff(uuid) is 'True for an active ADMIN_COMPRAS or ADMIN account: whom a representative may write to.';

revoke all on function private.is_purchasing_staff(uuid) from public, anon, authenticated;
grant execute on function private.is_purchasing_staff(uuid) to service_role;

-- Portuguese label of a role, for the recipient search (the same labels as src/config/permissions.ts).
create function private.role_label(p_role text)
returns text
language sql immutable set search_path = '' as $$
  select case p_role
    when 'ADMIN' then 'Administrador'
    when 'BALCONISTA' then 'Balconista'
    when 'BALCONISTA_II' then 'Balconista II'
    when 'FARMACEUTICO' then 'Farmacêutico'
    when 'ADMIN_COMPRAS' then 'Administrador de Compras'
    when 'REPRESENTANTE' then 'Representante'
    when 'ANALISTA' then 'Analista'
    else p_role
  end
$$;

revoke all on function private.role_label(text) from public, anon, authenticated;
grant execute on function private.role_label(text) to service_role;

create function private.mail_person(p_user_id uuid)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', p_user_id, 'name', (select p.full_name from public.profiles p where p.id = p_user_id))
$$;

revoke all on function private.mail_person(uuid) from public, anon, authenticated;
grant execute on function private.mail_person(uuid) to service_role;

-- Whom a representative may see named in mail: staff (no supplier) and themselves, never another supplier's
-- people (a buyer writing to two competing representatives at once does not introduce them to each other).
create function private.mail_shown_to(p_user_id uuid, p_viewer uuid, p_representative boolean)
returns boolean
language sql stable security definer set search_path = '' as $$
  select not p_representative or p_user_id = p_viewer
    or not exists (select 1 from public.profiles p where p.id = p_user_id and p.supplier_id is not null)
$$;

revoke all on function private.mail_shown_to(uuid, uuid, boolean) from public, anon, authenticated;
grant execute on function private.mail_shown_to(uuid, uuid, boolean) to service_role;

-- One message as its viewer sees it (MailMessage of the contract):
-- {id, thread_id, reply_to_id, subject, body, created_at, sender: {id,name}, addressed_to: {users, units, roles},
--  recipients: [{id, name, read_at}], attachments: [{id, file_name, mime_type, size_bytes, path}], mine}.
-- A representative viewer gets addressed_to without units and roles, and only staff and themselves among the
-- people (private.mail_shown_to).
create function private.mail_message_json(p_message public.mail_messages, p_viewer uuid, p_representative boolean)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', p_message.id,
    'thread_id', p_message.thread_id,
    'reply_to_id', p_message.reply_to_id,
    'subject', p_message.subject,
    'body', p_message.body,
    'created_at', p_message.created_at,
    'sender', private.mail_person(p_message.sender_id),
    'addressed_to', jsonb_build_object(
      'users', coalesce((
        select jsonb_agg(u.value order by u.ordinality) from jsonb_array_elements(p_message.addressed_to -> 'users') with ordinality u
        where private.mail_shown_to((u.value ->> 'id')::uuid, p_viewer, p_representative)), '[]'::jsonb),
      'units', case when p_representative then '[]'::jsonb else coalesce(p_message.addressed_to -> 'units', '[]'::jsonb) end,
      'roles', case when p_representative then '[]'::jsonb else coalesce(p_message.addressed_to -> 'roles', '[]'::jsonb) end),
    'recipients', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.user_id, 'name', p.full_name, 'read_at', r.read_at) order by p.full_name, r.user_id)
      from public.mail_recipients r left join public.profiles p on p.id = r.user_id
      where r.message_id = p_message.id and private.mail_shown_to(r.user_id, p_viewer, p_representative)), '[]'::jsonb),
    'attachments', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'file_name', a.file_name, 'mime_type', a.mime_type,
        'size_bytes', a.size_bytes, 'path', a.path) order by a.created_at, a.file_name)
      from public.mail_attachments a where a.message_id = p_message.id), '[]'::jsonb),
    'mine', p_message.sender_id = p_viewer)
$$;

revoke all on function private.mail_message_json(public.mail_messages, uuid, boolean) from public, anon, authenticated;
grant execute on function private.mail_message_json(public.mail_messages, uuid, boolean) to service_role;

create function private.require_mail_access()
returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.has_access() then
    raise exception 'Você não tem permissão para acessar esta área' using errcode = '42501';
  end if;
end;
$$;

revoke all on function private.require_mail_access() from public, anon, authenticated;
grant execute on function private.require_mail_access() to service_role;

-- ===========================================================================
-- RPCs

-- Sends a message (or a reply) and returns it as MailMessage. Recipients: the users named, the people of the
-- units and of the roles named (private.audience_user_ids), minus the sender, active accounts only. A reply
-- (p_reply_to, a message the caller sent or received) joins its thread; with nobody named it goes to that
-- message's sender and recipients. A representative names purchasing staff only (a reply of theirs with
-- nobody named goes to the purchasing staff among those people). Attachments were uploaded before, into the
-- caller's folder of bucket correio. Each recipient gets one ALERTA notification. Retries with the same
-- p_request_id return the first answer.
create function public.send_mail(
  p_request_id uuid,
  p_subject text,
  p_body text,
  p_user_ids uuid[] default '{}',
  p_unit_ids uuid[] default '{}',
  p_roles text[] default '{}',
  p_reply_to uuid default null,
  p_attachments jsonb default '[]'::jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_representative boolean;
  v_replay record;
  v_original public.mail_messages;
  v_subject text := btrim(coalesce(p_subject, ''), E' \t\r\n');
  v_body text := coalesce(p_body, '');
  v_user_ids uuid[] := array(select distinct u from unnest(coalesce(p_user_ids, '{}')) u where u is not null);
  v_unit_ids uuid[] := array(select distinct u from unnest(coalesce(p_unit_ids, '{}')) u where u is not null);
  v_roles text[] := array(select distinct upper(btrim(r)) from unnest(coalesce(p_roles, '{}')) r where nullif(btrim(r), '') is not null);
  v_attachments jsonb := coalesce(p_attachments, '[]'::jsonb);
  v_attachment jsonb;
  v_id uuid := gen_random_uuid();
  v_thread uuid;
  v_message public.mail_messages;
  v_recipients uuid[];
  v_sender_name text;
  v_result jsonb;
begin
  perform private.require_mail_access();
  v_representative := private.is_representative() or private.role_name_of(v_uid) = 'REPRESENTANTE';

  if p_reply_to is not null then
    select m.* into v_original from public.mail_messages m
    where m.id = p_reply_to
      and (m.sender_id = v_uid or exists (select 1 from public.mail_recipients r where r.message_id = m.id and r.user_id = v_uid));
    if v_original.id is null then
      raise exception 'Mensagem não encontrada' using errcode = 'PT404';
    end if;
    if v_subject = '' then
      v_subject := left('Re: ' || regexp_replace(v_original.subject, '^(re:\s*)+', '', 'i'), 200);
    end if;
  end if;

  if v_subject = '' then
    raise exception 'Informe o assunto' using errcode = '22023';
  end if;
  if char_length(v_subject) > 200 then
    raise exception 'O assunto deve ter no máximo 200 caracteres' using errcode = '22023';
  end if;
  if v_body !~ '\S' then
    raise exception 'Escreva a mensagem' using errcode = '22023';
  end if;
  if char_length(v_body) > 20000 then
    raise exception 'A mensagem deve ter no máximo 20.000 caracteres' using errcode = '22023';
  end if;

  if v_original.id is not null and cardinality(v_user_ids) = 0 and cardinality(v_unit_ids) = 0 and cardinality(v_roles) = 0 then
    -- Reply with nobody named: the people of that message.
    v_user_ids := array(
      select u from (
        select v_original.sender_id as u
        union select r.user_id from public.mail_recipients r where r.message_id = v_original.id) x
      where u <> v_uid and (not v_representative or private.is_purchasing_staff(u)));
    if v_representative and cardinality(v_user_ids) = 0 then
      raise exception 'Representantes escrevem apenas para a equipe de compras' using errcode = '42501';
    end if;
  elsif cardinality(v_user_ids) = 0 and cardinality(v_unit_ids) = 0 and cardinality(v_roles) = 0 then
    raise exception 'Escolha ao menos um destinatário' using errcode = '22023';
  end if;

  if v_representative and (cardinality(v_unit_ids) > 0 or cardinality(v_roles) > 0
       or exists (select 1 from unnest(v_user_ids) u where not private.is_purchasing_staff(u))) then
    raise exception 'Representantes escrevem apenas para a equipe de compras' using errcode = '42501';
  end if;

  -- Only accounts that can receive: active with a role (a disabled or role-less account receives nothing).
  v_user_ids := array(select u from unnest(v_user_ids) u where private.role_name_of(u) is not null);
  v_unit_ids := array(select u.id from public.store_units u where u.id = any (v_unit_ids));
  v_roles := array(select r from unnest(v_roles) r where r = any (private.known_role_names()));

  v_recipients := array(
    select distinct u from (
      select unnest(v_user_ids) as u
      union all select private.audience_user_ids(false, v_unit_ids, '{}') where cardinality(v_unit_ids) > 0
      union all select private.audience_user_ids(false, '{}', v_roles) where cardinality(v_roles) > 0) x
    where u <> v_uid);
  if cardinality(v_recipients) = 0 then
    raise exception 'Os destinatários escolhidos não incluem ninguém' using errcode = '22023';
  end if;

  if jsonb_typeof(v_attachments) <> 'array' or jsonb_array_length(v_attachments) > 10 then
    raise exception 'Anexe no máximo 10 arquivos' using errcode = '22023';
  end if;
  for v_attachment in select value from jsonb_array_elements(v_attachments) loop
    if jsonb_typeof(v_attachment) <> 'object'
       or split_part(coalesce(v_attachment ->> 'path', ''), '/', 1) <> v_uid::text
       or not exists (select 1 from storage.objects o where o.bucket_id = 'correio' and o.name = v_attachment ->> 'path') then
      raise exception 'Anexo não encontrado: envie-o de novo' using errcode = '22023';
    end if;
    if nullif(btrim(coalesce(v_attachment ->> 'file_name', '')), '') is null
       or coalesce(v_attachment ->> 'mime_type', '') not in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'text/csv',
         'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
       or coalesce(v_attachment ->> 'size_bytes', '') !~ '^[0-9]{1,9}$'
       or (v_attachment ->> 'size_bytes')::bigint not between 1 and 10485760 then
      raise exception 'Anexo inválido: envie PDF, imagem, planilha ou CSV de até 10 MB' using errcode = '22023';
    end if;
  end loop;

  select * into v_replay from private.request_replay(p_request_id, 'send_mail');
  if v_replay.replayed then
    return v_replay.result;
  end if;

  v_thread := coalesce(v_original.thread_id, v_id);
  insert into public.mail_messages (id, thread_id, reply_to_id, sender_id, subject, body, addressed_to)
  values (v_id, v_thread, v_original.id, v_uid, v_subject, v_body, jsonb_build_object(
    'users', coalesce((select jsonb_agg(private.mail_person(u) order by u) from unnest(v_user_ids) u where u <> v_uid), '[]'::jsonb),
    'units', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) order by s.name) from public.store_units s where s.id = any (v_unit_ids)), '[]'::jsonb),
    'roles', to_jsonb(v_roles)))
  returning * into v_message;

  -- Named people first, then by unit, then by role: each person once, with the first way they were reached.
  insert into public.mail_recipients (message_id, user_id, thread_id, created_at, via_unit_id, via_role)
  select v_id, x.user_id, v_thread, v_message.created_at, x.via_unit_id, x.via_role
  from (
    select distinct on (u.user_id) u.user_id, u.via_unit_id, u.via_role
    from (
      select d as user_id, null::uuid as via_unit_id, null::text as via_role, 1 as rank from unnest(v_user_ids) d
      union all
      select a, un, null, 2 from unnest(v_unit_ids) un cross join lateral private.audience_user_ids(false, array[un], '{}') a
      union all
      select a, null, ro, 3 from unnest(v_roles) ro cross join lateral private.audience_user_ids(false, '{}', array[ro]) a
    ) u
    where u.user_id = any (v_recipients)
    order by u.user_id, u.rank
  ) x;

  insert into public.mail_attachments (message_id, path, file_name, mime_type, size_bytes)
  select distinct on (e ->> 'path') v_id, e ->> 'path', left(btrim(e ->> 'file_name'), 255), e ->> 'mime_type', (e ->> 'size_bytes')::bigint
  from jsonb_array_elements(v_attachments) e;

  select coalesce(nullif(btrim(p.full_name), ''), 'um colega') into v_sender_name from public.profiles p where p.id = v_uid;
  perform private.notify(v_recipients, 'ALERTA',
    'Nova mensagem de ' || coalesce(v_sender_name, 'um colega') || ': ' || v_subject, left(v_body, 200), null, v_id);

  v_result := private.mail_message_json(v_message, v_uid, v_representative);
  perform private.request_record(p_request_id, v_result);
  return v_result;
end;
$$;

comment on function public.send_mail(uuid, text, text, uuid[], uuid[], text[], uuid, jsonb) is
  'Sends a Correio message; returns MailMessage {id, thread_id, reply_to_id, subject, body, created_at, sender, addressed_to, recipients, attachments, mine}.';

-- The caller's conversations of a folder, newest activity first, one row per thread:
-- {total, unread, items: [{thread_id, subject, last_message_at, last_sender: {id,name}, excerpt, messages, unread,
--  has_attachments, participants: [{id,name}] (up to 5 others)}]}.
-- ENTRADA: threads where the caller has a recipient row not archived; ENVIADOS: threads with a message the caller
-- sent and did not archive; ARQUIVO: threads the caller takes part in with every one of their rows archived.
-- p_search: Portuguese full text (websearch syntax, accents folded) over the caller's own messages of the thread.
-- unread counts the threads of the answer with a message to the caller not yet read.
create function public.list_mail(
  p_folder text default 'ENTRADA', p_search text default null, p_limit integer default 30, p_offset integer default 0)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_folder text := upper(coalesce(p_folder, 'ENTRADA'));
  v_query tsquery;
  v_limit integer := least(greatest(coalesce(p_limit, 30), 1), 100);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_representative boolean;
  v_result jsonb;
begin
  perform private.require_mail_access();
  v_representative := private.is_representative() or private.role_name_of(v_uid) = 'REPRESENTANTE';
  if v_folder not in ('ENTRADA', 'ENVIADOS', 'ARQUIVO') then
    raise exception 'Pasta desconhecida' using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    v_query := websearch_to_tsquery('portuguese'::regconfig, private.fold_search_text(btrim(p_search)));
  end if;

  -- The caller's messages (received, then sent) come from two index ranges; threads are grouped once; only the
  -- page's threads are then read in full, each through the (thread_id, created_at) index.
  with mine as materialized (
    select r.message_id, r.thread_id, r.created_at, false as sent, r.read_at, r.archived_at
    from public.mail_recipients r where r.user_id = v_uid
    union all
    select m.id, m.thread_id, m.created_at, true, m.created_at, m.sender_archived_at
    from public.mail_messages m where m.sender_id = v_uid
  ),
  matched as (
    select distinct x.thread_id
    from mine x join public.mail_messages m on m.id = x.message_id
    where v_query is not null and m.search @@ v_query
  ),
  threads as (
    select t.thread_id, max(t.created_at) as last_at, count(*) as messages,
      -- Unread as the badge counts it (count_unread_mail): an unread row not archived; in ARQUIVO, any unread row.
      bool_or(not t.sent and t.read_at is null and (t.archived_at is null or v_folder = 'ARQUIVO')) as unread,
      bool_or(not t.sent and t.archived_at is null) as in_inbox,
      bool_or(t.sent and t.archived_at is null) as in_sent,
      bool_and(t.archived_at is not null) as archived
    from mine t
    group by t.thread_id
  ),
  chosen as (
    select t.* from threads t
    where case v_folder when 'ENTRADA' then t.in_inbox when 'ENVIADOS' then t.in_sent else t.archived end
      and (v_query is null or t.thread_id in (select thread_id from matched))
  ),
  page as (
    select c.* from chosen c order by c.last_at desc, c.thread_id desc limit v_limit offset v_offset
  ),
  -- The caller's messages of the page's threads.
  seen as (
    select p.thread_id, m.id, m.created_at, m.sender_id, m.subject, m.body
    from page p
    join public.mail_messages m on m.thread_id = p.thread_id
    where m.sender_id = v_uid
       or exists (select 1 from public.mail_recipients r where r.message_id = m.id and r.user_id = v_uid)
  )
  select jsonb_build_object(
    'total', (select count(*) from chosen),
    'unread', (select count(*) from chosen where unread),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'thread_id', p.thread_id,
        'subject', f.subject,
        'last_message_at', l.created_at,
        'last_sender', private.mail_person(l.sender_id),
        'excerpt', left(regexp_replace(btrim(l.body), '\s+', ' ', 'g'), 160),
        'messages', p.messages,
        'unread', p.unread,
        'has_attachments', exists (
          select 1 from seen s join public.mail_attachments a on a.message_id = s.id where s.thread_id = p.thread_id),
        'participants', coalesce((
          select jsonb_agg(private.mail_person(o.u) order by o.u)
          from (
            select distinct who.u
            from seen s
            cross join lateral (
              select s.sender_id as u
              union all select r.user_id from public.mail_recipients r where r.message_id = s.id) who
            where s.thread_id = p.thread_id and who.u <> v_uid and private.mail_shown_to(who.u, v_uid, v_representative)
            limit 5) o), '[]'::jsonb))
        order by p.last_at desc, p.thread_id desc)
      from page p
      cross join lateral (
        select s.subject from seen s where s.thread_id = p.thread_id order by s.created_at, s.id limit 1) f
      cross join lateral (
        select s.created_at, s.sender_id, s.body from seen s where s.thread_id = p.thread_id order by s.created_at desc, s.id desc limit 1) l), '[]'::jsonb))
  into v_result;
  return v_result;
end;
$$;

comment on function public.list_mail(text, text, integer, integer) is
  'The caller''s threads of ENTRADA, ENVIADOS or ARQUIVO: {total, unread, items: MailThreadSummary[]}, newest activity first; p_search is Portuguese full text over their own messages.';

-- One conversation as the caller sees it: only the messages they sent or received, oldest first.
-- {thread_id, subject, archived, messages: MailMessage[]}; nothing to see → PT404 'Mensagem não encontrada'.
create function public.get_mail_thread(p_thread_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_representative boolean;
  v_result jsonb;
begin
  perform private.require_mail_access();
  v_representative := private.is_representative() or private.role_name_of(v_uid) = 'REPRESENTANTE';
  with visible as (
    select m.* from public.mail_messages m
    where m.thread_id = p_thread_id
      and (m.sender_id = v_uid or exists (select 1 from public.mail_recipients r where r.message_id = m.id and r.user_id = v_uid))
  )
  select jsonb_build_object(
    'thread_id', p_thread_id,
    'subject', (select v.subject from visible v order by v.created_at, v.id limit 1),
    'archived', (
      select bool_and(x.archived_at is not null) from (
        select r.archived_at from public.mail_recipients r where r.thread_id = p_thread_id and r.user_id = v_uid
        union all select v.sender_archived_at from visible v where v.sender_id = v_uid) x),
    'messages', jsonb_agg(private.mail_message_json(v, v_uid, v_representative) order by v.created_at, v.id))
  into v_result
  from visible v
  having count(*) > 0;
  if v_result is null then
    raise exception 'Mensagem não encontrada' using errcode = 'PT404';
  end if;
  return v_result;
end;
$$;

comment on function public.get_mail_thread(uuid) is
  'The caller''s messages of a thread: {thread_id, subject, archived, messages: MailMessage[]}; PT404 when they have none.';

-- Marks the caller's unread messages of the thread read (server time). Returns how many changed.
create function public.mark_mail_thread_read(p_thread_id uuid)
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_count integer;
begin
  perform private.require_mail_access();
  if not exists (select 1 from public.mail_recipients r where r.thread_id = p_thread_id and r.user_id = v_uid)
     and not exists (select 1 from public.mail_messages m where m.thread_id = p_thread_id and m.sender_id = v_uid) then
    raise exception 'Mensagem não encontrada' using errcode = 'PT404';
  end if;
  update public.mail_recipients r set read_at = now()
  where r.thread_id = p_thread_id and r.user_id = v_uid and r.read_at is null;
  get diagnostics v_count = row_count;
  -- The thread is read: its 'Nova mensagem' notifications are no news to the bell any more.
  update public.notifications n set read_at = now()
  where n.user_id = v_uid and n.read_at is null
    and n.mail_message_id in (select m.id from public.mail_messages m where m.thread_id = p_thread_id);
  return v_count;
end;
$$;

comment on function public.mark_mail_thread_read(uuid) is 'Marks the caller''s messages of the thread read; returns how many changed (PT404 for a thread they have nothing in).';

-- Moves the thread to the caller's archive (p_archived true) or back: their recipient rows and the messages
-- they sent; nobody else's copy changes. Returns how many rows changed.
create function public.archive_mail_thread(p_thread_id uuid, p_archived boolean)
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_received integer;
  v_sent integer;
begin
  perform private.require_mail_access();
  if not exists (select 1 from public.mail_recipients r where r.thread_id = p_thread_id and r.user_id = v_uid)
     and not exists (select 1 from public.mail_messages m where m.thread_id = p_thread_id and m.sender_id = v_uid) then
    raise exception 'Mensagem não encontrada' using errcode = 'PT404';
  end if;
  if coalesce(p_archived, true) then
    update public.mail_recipients r set archived_at = now()
    where r.thread_id = p_thread_id and r.user_id = v_uid and r.archived_at is null;
    get diagnostics v_received = row_count;
    update public.mail_messages m set sender_archived_at = now()
    where m.thread_id = p_thread_id and m.sender_id = v_uid and m.sender_archived_at is null;
    get diagnostics v_sent = row_count;
  else
    update public.mail_recipients r set archived_at = null
    where r.thread_id = p_thread_id and r.user_id = v_uid and r.archived_at is not null;
    get diagnostics v_received = row_count;
    update public.mail_messages m set sender_archived_at = null
    where m.thread_id = p_thread_id and m.sender_id = v_uid and m.sender_archived_at is not null;
    get diagnostics v_sent = row_count;
  end if;
  return v_received + v_sent;
end;
$$;

comment on function public.archive_mail_thread(uuid, boolean) is 'Archives (or restores) the caller''s copy of a thread; returns how many rows changed.';

-- Whom the caller may write to, by name: [{kind: 'user'|'unit'|'role', id, name, detail}].
-- Staff: active people with a role (detail: their unit, or the supplier of a representative), units, roles
-- (id = role name, name = its label). A representative: only the purchasing staff, {kind 'user', id, name,
-- detail null}. Nobody's e-mail, ever.
create function public.search_mail_recipients(p_query text, p_limit integer default 20)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_pattern text := '%' || replace(replace(replace(private.fold_search_text(btrim(coalesce(p_query, ''))), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  v_result jsonb;
begin
  perform private.require_mail_access();
  if private.is_representative() or private.role_name_of(v_uid) = 'REPRESENTANTE' then
    select coalesce(jsonb_agg(x.o order by x.n, x.id), '[]'::jsonb) into v_result
    from (
      select jsonb_build_object('kind', 'user', 'id', p.id, 'name', p.full_name, 'detail', null) as o, p.full_name as n, p.id
      from public.profiles p
      where p.id <> v_uid and p.full_name is not null
        and private.fold_search_text(p.full_name) like v_pattern
        and private.is_purchasing_staff(p.id)
      order by p.full_name, p.id
      limit v_limit) x;
    return v_result;
  end if;

  select coalesce(jsonb_agg(x.o order by x.kind_rank, x.n, x.id), '[]'::jsonb) into v_result
  from (
    (select 1 as kind_rank, p.full_name as n, p.id::text as id,
       jsonb_build_object('kind', 'user', 'id', p.id, 'name', p.full_name,
         'detail', coalesce(u.name, s.name)) as o
     from public.profiles p
     left join public.store_units u on u.id = p.unit_id
     left join public.suppliers s on s.id = p.supplier_id
     where p.id <> v_uid and p.full_name is not null
       and private.fold_search_text(p.full_name) like v_pattern
       and private.role_name_of(p.id) is not null
     order by p.full_name, p.id
     limit v_limit)
    union all
    (select 2, su.name, su.id::text, jsonb_build_object('kind', 'unit', 'id', su.id, 'name', su.name, 'detail', null)
     from public.store_units su
     where private.fold_search_text(su.name) like v_pattern
     order by su.name
     limit v_limit)
    union all
    (select 3, private.role_label(r), r, jsonb_build_object('kind', 'role', 'id', r, 'name', private.role_label(r), 'detail', null)
     from unnest(private.known_role_names()) r
     where private.fold_search_text(private.role_label(r)) like v_pattern or lower(r) like v_pattern
     order by 2
     limit v_limit)
  ) x;
  -- At most p_limit options in all, people first.
  select coalesce(jsonb_agg(e order by n), '[]'::jsonb) into v_result
  from jsonb_array_elements(v_result) with ordinality as t(e, n) where n <= v_limit;
  return v_result;
end;
$$;

comment on function public.search_mail_recipients(text, integer) is
  'Recipient options by name: MailRecipientOption[] {kind, id, name, detail}. Representatives get purchasing staff only, names only.';

-- Threads with a message to the caller not yet read and not archived (the sidebar badge).
create function public.count_unread_mail()
returns integer
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_mail_access();
  return (select count(distinct r.thread_id)::integer from public.mail_recipients r
          where r.user_id = auth.uid() and r.read_at is null and r.archived_at is null);
end;
$$;

comment on function public.count_unread_mail() is 'How many of the caller''s threads have an unread, unarchived message.';

-- The thread of a message the caller sent or received (a notification's link, /correio?mensagem=<id>).
create function public.mail_thread_of(p_message_id uuid)
returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_thread uuid;
begin
  perform private.require_mail_access();
  select m.thread_id into v_thread from public.mail_messages m
  where m.id = p_message_id
    and (m.sender_id = auth.uid() or exists (select 1 from public.mail_recipients r where r.message_id = m.id and r.user_id = auth.uid()));
  if v_thread is null then
    raise exception 'Mensagem não encontrada' using errcode = 'PT404';
  end if;
  return v_thread;
end;
$$;

comment on function public.mail_thread_of(uuid) is 'The thread of a message the caller sent or received; PT404 otherwise.';

revoke execute on function
  public.send_mail(uuid, text, text, uuid[], uuid[], text[], uuid, jsonb),
  public.list_mail(text, text, integer, integer),
  public.get_mail_thread(uuid),
  public.mark_mail_thread_read(uuid),
  public.archive_mail_thread(uuid, boolean),
  public.search_mail_recipients(text, integer),
  public.count_unread_mail(),
  public.mail_thread_of(uuid)
  from public, anon;
grant execute on function
  public.send_mail(uuid, text, text, uuid[], uuid[], text[], uuid, jsonb),
  public.list_mail(text, text, integer, integer),
  public.get_mail_thread(uuid),
  public.mark_mail_thread_read(uuid),
  public.archive_mail_thread(uuid, boolean),
  public.search_mail_recipients(text, integer),
  public.count_unread_mail(),
  public.mail_thread_of(uuid)
  to authenticated, service_role;
