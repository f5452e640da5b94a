-- Notifications (spec §3, §4, §7, §9; issue 27): one row per recipient, written only by the database
-- (documents and mail call private.notify from their RPCs), read by its recipient alone, by table and by
-- realtime (the table is in the supabase_realtime publication and its select policy is the recipient).
--
-- Also here, because documents and mail both need them: who a person is for an audience
-- (private.role_name_of) and who an audience is (private.audience_user_ids).

-- ===========================================================================
-- Who is who, for audiences

-- The application role of any account (spec §6: is_admin maps to ADMIN; a known name uppercased; otherwise
-- BALCONISTA), or null for an account without a role row (a self-registered stranger: no access, no mail,
-- no notices) or a disabled one.
create function private.role_name_of(p_user_id uuid)
returns text
language sql stable security definer set search_path = '' as $$
  select case
    when cr.is_admin or upper(cr.name) = 'ADMIN' then 'ADMIN'
    when upper(cr.name) = any (private.known_role_names()) then upper(cr.name)
    else 'BALCONISTA'
  end
  from public.user_roles ur
  join public.custom_roles cr on cr.id = ur.role_id
  where ur.user_id = p_user_id and private.account_active(p_user_id)
$$;

comment on function private.role_name_of(uuid) is
  'The spec §6 role of an account (ADMIN for is_admin), null without a role row or when disabled.';

revoke all on function private.role_name_of(uuid) from public, anon, authenticated;
grant execute on function private.role_name_of(uuid) to service_role;

-- The audience rule, asked for one person (role, units): everyone (p_all) is the staff, never representatives;
-- some units (the person works in one of them); some roles; roles inside units (both lists: the intersection,
-- "the pharmacists of Centro"); nothing named is nobody. Representatives are external: only naming the
-- REPRESENTANTE role reaches them. It takes what it needs as arguments (no lookups), so the documents feed can
-- ask it for thousands of documents per call.
create function private.audience_matches(
  p_all boolean, p_unit_ids uuid[], p_roles text[], p_role text, p_units uuid[])
returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select p_role is not null and (
    (coalesce(p_all, false) and p_role <> 'REPRESENTANTE')
    or (not coalesce(p_all, false)
        and (cardinality(coalesce(p_roles, '{}')) > 0 or cardinality(coalesce(p_unit_ids, '{}')) > 0)
        and (cardinality(coalesce(p_roles, '{}')) = 0 or p_role = any (p_roles))
        and (cardinality(coalesce(p_unit_ids, '{}')) = 0 or (p_role <> 'REPRESENTANTE' and p_unit_ids && coalesce(p_units, '{}')))))
$$;

comment on function private.audience_matches(boolean, uuid[], text[], text, uuid[]) is
  'Whether a person of that role and those units is in an audience (everyone = staff; units; roles; roles inside units).';

revoke all on function private.audience_matches(boolean, uuid[], text[], text, uuid[]) from public, anon;
grant execute on function private.audience_matches(boolean, uuid[], text[], text, uuid[]) to authenticated, service_role;

-- The accounts an audience names, resolved now: active accounts with a role row matching private.audience_matches.
create function private.audience_user_ids(p_all boolean, p_unit_ids uuid[], p_roles text[])
returns setof uuid
language sql stable security definer set search_path = '' as $$
  select ur.user_id
  from public.user_roles ur
  where private.audience_matches(p_all, p_unit_ids, p_roles, private.role_name_of(ur.user_id),
                                 array(select private.user_unit_ids(ur.user_id)))
$$;

comment on function private.audience_user_ids(boolean, uuid[], text[]) is
  'Active accounts of an audience (private.audience_matches). No authorization check: callers check first.';

revoke all on function private.audience_user_ids(boolean, uuid[], text[]) from public, anon, authenticated;
grant execute on function private.audience_user_ids(boolean, uuid[], text[]) to service_role;

-- ===========================================================================
-- The table

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null,
  title text not null,
  body text,
  document_id uuid,
  mail_message_id uuid,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_type_known check (type in ('DOCUMENTO', 'ALERTA')),
  constraint notifications_title_length check (char_length(btrim(title)) between 1 and 300),
  constraint notifications_body_length check (body is null or char_length(body) <= 1000),
  constraint notifications_read_after_created check (read_at is null or read_at >= created_at)
);

comment on table public.notifications is
  'One row per recipient (spec §3: id, type DOCUMENTO or ALERTA, title). Written only by private.notify; the recipient reads their own rows and marks them read through mark_notifications_read / open_notification.';
comment on column public.notifications.document_id is 'The document a DOCUMENTO (published, new version) or ALERTA (reminder) is about; its foreign key comes with the documents table.';
comment on column public.notifications.mail_message_id is 'The mail message an ALERTA announces; its foreign key comes with the mail tables.';
comment on column public.notifications.read_at is 'Server time the recipient opened or dismissed it; set once.';

create index notifications_user_created_idx on public.notifications (user_id, created_at desc);
create index notifications_user_unread_idx on public.notifications (user_id) where read_at is null;
create index notifications_document_id_idx on public.notifications (document_id) where document_id is not null;
create index notifications_mail_message_id_idx on public.notifications (mail_message_id) where mail_message_id is not null;

alter table public.notifications enable row level security;
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;
grant all on table public.notifications to service_role;

-- The recipient, and only while their account is active (a disabled account's open socket hears nothing).
create policy notifications_select on public.notifications
  for select to authenticated
  using (user_id = (select auth.uid()) and (select private.has_access()));

-- read_at moves once, from null to a time, and nothing else ever changes (service role included).
create function private.guard_notification_update()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if (to_jsonb(new) - 'read_at') is distinct from (to_jsonb(old) - 'read_at')
     or (old.read_at is not null and new.read_at is distinct from old.read_at) then
    raise exception 'Uma notificação não pode ser alterada' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke all on function private.guard_notification_update() from public, anon, authenticated;

create trigger notifications_guard_update
  before update on public.notifications
  for each row execute function private.guard_notification_update();

do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.notifications;
  end if;
end;
$$;

-- ===========================================================================
-- Writing: only the database

-- One notification per distinct active recipient, in one statement (a notice to 500 people is one insert,
-- one transaction, 500 realtime events). Returns how many were written.
create function private.notify(
  p_user_ids uuid[], p_type text, p_title text, p_body text default null,
  p_document_id uuid default null, p_mail_message_id uuid default null)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_count integer;
begin
  insert into public.notifications (user_id, type, title, body, document_id, mail_message_id)
  select distinct u, p_type, left(btrim(p_title), 300), left(p_body, 1000), p_document_id, p_mail_message_id
  from unnest(coalesce(p_user_ids, '{}')) u
  where u is not null and private.account_active(u);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

comment on function private.notify(uuid[], text, text, text, uuid, uuid) is
  'Writes one notification per distinct active recipient. No authorization check: the calling RPC decides who may notify whom.';

revoke all on function private.notify(uuid[], text, text, text, uuid, uuid) from public, anon, authenticated;
grant execute on function private.notify(uuid[], text, text, text, uuid, uuid) to service_role;

-- ===========================================================================
-- Reading: the recipient's RPCs

-- Marks the caller's notifications read (those ids, or every unread one when p_ids is null), at server time.
-- Returns how many changed. Someone else's ids change nothing.
create function public.mark_notifications_read(p_ids uuid[] default null)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_count integer;
begin
  if not private.has_access() then
    raise exception 'Você não tem permissão para acessar esta área' using errcode = '42501';
  end if;
  update public.notifications n set read_at = now()
  where n.user_id = auth.uid() and n.read_at is null and (p_ids is null or n.id = any (p_ids));
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke execute on function public.mark_notifications_read(uuid[]) from public, anon;
grant execute on function public.mark_notifications_read(uuid[]) to authenticated, service_role;

-- /documentos?notification={id} (spec §2): the caller's notification, marked read, with what it points at.
-- Returns {id, type, title, document_id, mail_message_id, read_at}. Someone else's id and an unknown id are
-- the same PT404 'Notificação não encontrada' (no probing).
create function public.open_notification(p_id uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.notifications;
begin
  if not private.has_access() then
    raise exception 'Você não tem permissão para acessar esta área' using errcode = '42501';
  end if;
  update public.notifications n set read_at = coalesce(n.read_at, now())
  where n.id = p_id and n.user_id = auth.uid()
  returning n.* into v_row;
  if v_row.id is null then
    raise exception 'Notificação não encontrada' using errcode = 'PT404';
  end if;
  return jsonb_build_object('id', v_row.id, 'type', v_row.type, 'title', v_row.title,
    'document_id', v_row.document_id, 'mail_message_id', v_row.mail_message_id, 'read_at', v_row.read_at);
end;
$$;

revoke execute on function public.open_notification(uuid) from public, anon;
grant execute on function public.open_notification(uuid) to authenticated, service_role;
