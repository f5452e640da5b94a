-- Correio's search: the same lot-code miss as the documents feed (20261201100000_document_search_words.sql).
--
-- list_mail's query went through websearch_to_tsquery on the folded text and the messages' vector on
-- the folded raw text, so 'LOTE-2E67B073' in a message was one hyphenated word holding '2e67b073'
-- whole, while '2e67b073' typed alone reads as the number 2e67 and the word b073. Both sides now read
-- words the documents' way (private.search_words): every run of characters other than a-z and 0-9 is a
-- space in the text, and in the query too, except what websearch syntax needs: double quotes around a
-- phrase and a '-' that starts a word (exclusion).

create function private.search_query_words(p_value text)
returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select regexp_replace(
    regexp_replace(private.fold_search_text(p_value), '[^a-z0-9"-]+', ' ', 'g'),
    -- A '-' that does not start a word (inside one, or at its end) joins nothing: a space, as in the text.
    '([a-z0-9"])-+|-+(\s|$)', '\1 ', 'g')
$$;

comment on function private.search_query_words(text) is
  'A websearch query in private.search_words'' words: folded, every run of characters other than a-z, 0-9, double quotes and a word-starting ''-'' made one space.';

revoke all on function private.search_query_words(text) from public;

grant execute on function private.search_query_words(text) to authenticated, service_role;

alter table public.mail_messages
  alter column search set expression as (to_tsvector('portuguese'::regconfig, private.search_words(subject || ' ' || body)));

comment on column public.mail_messages.search is
  'Portuguese full-text vector of subject and body over private.search_words; list_mail searches it with private.search_query_words.';

-- The same function as in 20261129200000_mail.sql but for the query's words.
create or replace function public.list_mail(
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
    v_query := websearch_to_tsquery('portuguese'::regconfig, private.search_query_words(btrim(p_search)));
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
