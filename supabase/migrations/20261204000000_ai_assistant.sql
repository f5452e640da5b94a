-- Issue 29: the AI purchasing assistant's questions, answers and rate limit.
--
-- The ai-chat edge function answers buyers' questions from the chain's own data through tools that
-- call the database with the caller's own JWT (the same RLS and RPC checks as the screens). What it
-- keeps here, and why in the database:
--   * public.ai_chat_log: every question and its answer (the tool that answered, its filters and row
--     count, whether the built-in answer or a model wrote it), read by administrators only and kept
--     90 days (LGPD: a question may name a person; nothing older than the retention is kept);
--   * the rate limit (20 questions a minute per user) counts the caller's rows of that log: hosted
--     function instances share no memory, the database is the one place every instance sees.
-- The function writes through two RPCs with the caller's JWT, never with the service role: the
-- caller's right to use the assistant (an administrator, or ADMIN_ACCESS, on an active account) is
-- checked here, where every other right is.

create table public.ai_chat_log (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  context text not null check (context in ('compras', 'cotacoes', 'itens-vitoriosos')),
  question text not null check (char_length(question) between 1 and 500),
  answer text check (char_length(answer) <= 20000),
  tool text check (char_length(tool) <= 60),
  filters jsonb,
  row_count integer check (row_count >= 0),
  -- 'built-in': the function's own intent recognition and answer; 'model': an external model's.
  source text check (source in ('built-in', 'model')),
  created_at timestamptz not null default now(),
  answered_at timestamptz
);

comment on table public.ai_chat_log is
  'AI assistant (ai-chat): each question, its answer and the data used (tool, filters, rows); administrators read it; kept 90 days; the rate limit counts a user''s rows of the last minute.';

-- The rate limit's count (a user's last minute) and the retention's sweep (oldest first).
create index ai_chat_log_user_created_idx on public.ai_chat_log (user_id, created_at desc);
create index ai_chat_log_created_idx on public.ai_chat_log (created_at);

alter table public.ai_chat_log enable row level security;
revoke all on table public.ai_chat_log from anon, authenticated;
grant select on table public.ai_chat_log to authenticated;
grant all on table public.ai_chat_log to service_role;

-- Administrators only (the log holds every user's questions); writes go through the RPCs below.
create policy ai_chat_log_select on public.ai_chat_log
  for select to authenticated
  using ((select private.is_admin()) and (select private.has_access()));

-- ---------------------------------------------------------------------------
-- Opening a question

-- Checks that the caller may use the assistant, that the question and context are usable and that
-- the caller is within 20 questions a minute; then records the question (answer pending) and
-- returns its id. The rate limit's refusal carries SQLSTATE PT429, which PostgREST answers with
-- HTTP 429. A per-user advisory lock makes concurrent questions count one after the other (20
-- questions sent at once cannot all see 19 before them). Rows older than 90 days are swept here,
-- where every question passes, so the retention holds without a scheduler.
create function public.ai_chat_open(p_context text, p_question text)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_question text := btrim(coalesce(p_question, ''));
  v_recent integer;
  v_id uuid;
begin
  if v_user is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  if not (private.has_access() and private.has_permission('ADMIN_ACCESS')) then
    raise exception 'Você não tem permissão para usar o assistente de compras' using errcode = '42501';
  end if;
  if p_context is null or p_context not in ('compras', 'cotacoes', 'itens-vitoriosos') then
    raise exception 'Contexto desconhecido: use compras, cotacoes ou itens-vitoriosos' using errcode = '22023';
  end if;
  if v_question = '' then
    raise exception 'Digite uma pergunta' using errcode = '22023';
  end if;
  if char_length(v_question) > 500 then
    raise exception 'A pergunta deve ter no máximo 500 caracteres' using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('ai_chat_open:' || v_user::text, 0));
  select count(*) into v_recent
  from public.ai_chat_log l
  where l.user_id = v_user and l.created_at > now() - interval '1 minute';
  if v_recent >= 20 then
    raise exception 'Muitas perguntas em pouco tempo. Aguarde um minuto e tente novamente.' using errcode = 'PT429';
  end if;

  delete from public.ai_chat_log l where l.created_at < now() - interval '90 days';

  insert into public.ai_chat_log (user_id, context, question)
  values (v_user, p_context, v_question)
  returning id into v_id;
  return v_id;
end;
$$;

comment on function public.ai_chat_open(text, text) is
  'ai-chat: records the caller''s question (context compras, cotacoes or itens-vitoriosos; 1–500 characters) after checking ADMIN or ADMIN_ACCESS on an active account (42501) and the rate limit of 20 a minute (PT429); sweeps rows older than 90 days; returns the row id.';

revoke all on function public.ai_chat_open(text, text) from public, anon;
grant execute on function public.ai_chat_open(text, text) to authenticated;

-- ---------------------------------------------------------------------------
-- Closing it with the answer

-- The answer of the caller's own open question, with the data it used. A question is answered once;
-- another user's id, an answered question or an unknown id is refused alike (nothing tells them
-- apart to a caller who guesses ids).
create function public.ai_chat_close(
  p_id uuid,
  p_answer text,
  p_tool text,
  p_filters jsonb,
  p_row_count integer,
  p_source text
)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  if p_answer is null or char_length(p_answer) > 20000 or p_source is null or p_source not in ('built-in', 'model')
     or char_length(p_tool) > 60 or p_row_count < 0 then
    raise exception 'Resposta inválida' using errcode = '22023';
  end if;
  update public.ai_chat_log l
  set answer = p_answer, tool = p_tool, filters = p_filters, row_count = p_row_count, source = p_source,
      answered_at = now()
  where l.id = p_id and l.user_id = auth.uid() and l.answered_at is null;
  if not found then
    raise exception 'Pergunta não encontrada' using errcode = 'P0002';
  end if;
end;
$$;

comment on function public.ai_chat_close(uuid, text, text, jsonb, integer, text) is
  'ai-chat: stores the answer of the caller''s own open question (once) with the tool, filters, row count and source (built-in or model) it used.';

revoke all on function public.ai_chat_close(uuid, text, text, jsonb, integer, text) from public, anon;
grant execute on function public.ai_chat_close(uuid, text, text, jsonb, integer, text) to authenticated;
