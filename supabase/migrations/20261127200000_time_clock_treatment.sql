-- Ponto Digital, managers' side (issue 25, items 2–6): treated timesheets, requests, the hour bank,
-- monthly closing and the employee's acknowledgement of the espelho.
--
-- The law fixes the shape of a treatment (Portaria 671 art. 74 and 84; the AEJ's mark sources O/I/D):
-- an original mark is never changed; a wrong one is kept and disregarded with a motive; a missing one
-- is added with a motive and its author; an excused absence (abono) is its own record. So every
-- treatment is an append-only row of ponto_ajustes (revoking one is another row) and `pontos` is
-- never touched. Every day is computed by one function, private.treated_days, which the managers'
-- timesheet, the employee's /meu-ponto, the hour bank and the espelho all call, so the numbers of one
-- screen cannot differ from another's.
--
-- Public RPCs (exact parameter lists; docs/time-clock-treatment.md has the jsonb shapes and messages):
--   get_treated_timesheet(p_user_id uuid, p_month date) returns jsonb
--   get_my_monthly_timesheet(p_month date) returns table (… same columns, new ones appended)
--   add_punch_adjustment(p_user_id uuid, p_work_date date, p_kind text, p_motivo text, p_punched_at timestamptz default null,
--                        p_ponto_id uuid default null, p_abono_tipo text default null, p_minutes integer default null,
--                        p_anexo_path text default null) returns jsonb
--   revoke_punch_adjustment(p_id uuid, p_motivo text) returns jsonb
--   request_punch_adjustment(p_work_date date, p_kind text, p_motivo text, p_punched_at timestamptz default null,
--                            p_abono_tipo text default null, p_anexo_path text default null) returns jsonb
--   decide_punch_adjustment_request(p_id uuid, p_aprovar boolean, p_motivo text default null) returns jsonb
--   list_punch_requests(p_status text default null, p_user_id uuid default null) returns jsonb
--   count_pending_punch_requests() returns integer
--   get_hour_bank(p_user_id uuid) returns jsonb
--   set_hour_bank_agreement(p_user_id uuid, p_tipo text, p_valid_from date) returns jsonb
--   close_timesheet_month(p_unit_id uuid, p_month date) returns jsonb
--   get_month_closing(p_unit_id uuid, p_month date) returns jsonb
--   get_espelho(p_user_id uuid, p_month date) returns jsonb
--   acknowledge_espelho(p_month date, p_concorda boolean, p_comentario text default null, p_sha256 text default null) returns jsonb
--   set_time_clock_settings(p_prazo_dias integer) returns jsonb

-- ===========================================================================
-- Settings: the deadline of an employee's request (days after the day it is about).

create table public.ponto_configuracoes (
  id uuid primary key default gen_random_uuid(),
  prazo_solicitacao_dias integer not null default 5,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  constraint ponto_configuracoes_prazo_range check (prazo_solicitacao_dias between 1 and 60)
);

comment on table public.ponto_configuracoes is
  'Time clock settings (one row): how many days after a day its employee may still ask for an adjustment.';

-- One row, like shipment_settings.
create unique index ponto_configuracoes_single_row on public.ponto_configuracoes ((true));
create index ponto_configuracoes_updated_by_idx on public.ponto_configuracoes (updated_by);

insert into public.ponto_configuracoes default values;

alter table public.ponto_configuracoes enable row level security;
revoke all on table public.ponto_configuracoes from anon, authenticated;
grant select on table public.ponto_configuracoes to authenticated;
grant all on table public.ponto_configuracoes to service_role;

create policy ponto_configuracoes_select on public.ponto_configuracoes
  for select to authenticated
  using (true);

create trigger ponto_configuracoes_refuse_change
  before delete on public.ponto_configuracoes
  for each row execute function private.refuse_change('As configurações do ponto não podem ser excluídas');

create trigger ponto_configuracoes_refuse_truncate
  before truncate on public.ponto_configuracoes
  for each statement execute function private.refuse_change('As configurações do ponto não podem ser excluídas');

-- ===========================================================================
-- Closed months, per unit. A closed month is what payroll received: afterwards only ADMIN adjusts it,
-- and such adjustments say so (after_closing).

create table public.ponto_fechamentos (
  id uuid primary key default gen_random_uuid(),
  unit_id uuid not null references public.store_units (id),
  month date not null,
  closed_by uuid default auth.uid() references auth.users (id) on delete set null,
  closed_at timestamptz not null default now(),
  constraint ponto_fechamentos_first_day check (month = date_trunc('month', month)::date),
  constraint ponto_fechamentos_unit_month_unique unique (unit_id, month)
);

comment on table public.ponto_fechamentos is 'Months closed for payroll, per unit (append-only).';

create index ponto_fechamentos_closed_by_idx on public.ponto_fechamentos (closed_by);
create index ponto_fechamentos_month_idx on public.ponto_fechamentos (month);

-- What payroll received: each employee's totals and the SHA-256 of their espelho at the moment the month
-- closed. An adjustment after closing changes the espelho, never this row, so the difference shows.
create table public.ponto_fechamento_totais (
  fechamento_id uuid not null references public.ponto_fechamentos (id),
  funcionario_id uuid not null references auth.users (id),
  expected_minutes integer not null,
  worked_minutes integer not null,
  balance_minutes integer not null,
  night_minutes integer not null,
  night_reduced_minutes integer not null,
  absences integer not null,
  flagged_days integer not null,
  espelho_sha256 text not null,
  primary key (fechamento_id, funcionario_id)
);

comment on table public.ponto_fechamento_totais is
  'Each employee''s month as it was closed (totals and espelho hash), written by close_timesheet_month; append-only.';

create index ponto_fechamento_totais_funcionario_idx on public.ponto_fechamento_totais (funcionario_id);

alter table public.ponto_fechamentos enable row level security;
revoke all on table public.ponto_fechamentos from anon, authenticated;
grant select on table public.ponto_fechamentos to authenticated;
grant all on table public.ponto_fechamentos to service_role;

-- The employees of the unit learn that their month is closed (their espelho is ready); managers in scope too.
create policy ponto_fechamentos_select on public.ponto_fechamentos
  for select to authenticated
  using (unit_id in (select private.user_unit_ids((select auth.uid()))) or private.can_view_unit_time(unit_id));

create trigger ponto_fechamentos_refuse_change
  before update or delete on public.ponto_fechamentos
  for each row execute function private.refuse_change('Um mês fechado não pode ser reaberto nem alterado');

create trigger ponto_fechamentos_refuse_truncate
  before truncate on public.ponto_fechamentos
  for each statement execute function private.refuse_change('Um mês fechado não pode ser reaberto nem alterado');

alter table public.ponto_fechamento_totais enable row level security;
revoke all on table public.ponto_fechamento_totais from anon, authenticated;
grant select on table public.ponto_fechamento_totais to authenticated;
grant all on table public.ponto_fechamento_totais to service_role;

create policy ponto_fechamento_totais_select on public.ponto_fechamento_totais
  for select to authenticated
  using (private.can_view_employee_time(funcionario_id));

create trigger ponto_fechamento_totais_refuse_change
  before update or delete on public.ponto_fechamento_totais
  for each row execute function private.refuse_change('O fechamento de um mês não pode ser alterado');

create trigger ponto_fechamento_totais_refuse_truncate
  before truncate on public.ponto_fechamento_totais
  for each statement execute function private.refuse_change('O fechamento de um mês não pode ser alterado');

-- Whether the employee's month holding p_day is closed (any of the employee's units closed it).
create function private.month_closed_for(p_user_id uuid, p_day date)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.ponto_fechamentos f
    where f.month = date_trunc('month', p_day)::date and f.unit_id in (select private.user_unit_ids(p_user_id))
  )
$$;

revoke all on function private.month_closed_for(uuid, date) from public, anon, authenticated;
grant execute on function private.month_closed_for(uuid, date) to service_role;

-- ===========================================================================
-- Requests by the employee (forgot a mark, an atestado), decided by a manager.

create table public.ponto_solicitacoes (
  id uuid primary key default gen_random_uuid(),
  funcionario_id uuid not null references auth.users (id),
  work_date date not null,
  kind text not null,
  punched_at timestamptz,
  abono_tipo text,
  motivo text not null,
  anexo_path text,
  status text not null default 'PENDENTE',
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  decision_reason text,
  created_at timestamptz not null default now(),
  constraint ponto_solicitacoes_kind_known check (kind in ('inclusao', 'abono')),
  constraint ponto_solicitacoes_status_known check (status in ('PENDENTE', 'APROVADA', 'REJEITADA')),
  constraint ponto_solicitacoes_abono_tipo_known check (abono_tipo is null or abono_tipo in ('atestado', 'folga', 'ferias', 'falta_justificada')),
  constraint ponto_solicitacoes_shape check (
    (kind = 'inclusao' and punched_at is not null and abono_tipo is null)
    or (kind = 'abono' and abono_tipo is not null and punched_at is null)),
  constraint ponto_solicitacoes_motivo_not_blank check (length(btrim(motivo)) > 0 and char_length(motivo) <= 1000),
  constraint ponto_solicitacoes_decision check ((status = 'PENDENTE') = (decided_at is null))
);

comment on table public.ponto_solicitacoes is
  'Adjustment requests by the employee (a missing mark, an excused absence); a manager approves (creating the adjustment) or rejects with a reason.';

create index ponto_solicitacoes_funcionario_idx on public.ponto_solicitacoes (funcionario_id, work_date);
create index ponto_solicitacoes_pending_idx on public.ponto_solicitacoes (created_at) where status = 'PENDENTE';
create index ponto_solicitacoes_decided_by_idx on public.ponto_solicitacoes (decided_by);

alter table public.ponto_solicitacoes enable row level security;
revoke all on table public.ponto_solicitacoes from anon, authenticated;
grant select on table public.ponto_solicitacoes to authenticated;
grant all on table public.ponto_solicitacoes to service_role;

create policy ponto_solicitacoes_select on public.ponto_solicitacoes
  for select to authenticated
  using (private.can_view_employee_time(funcionario_id));

-- A request is decided once: afterwards nothing of it changes; it is never deleted (evidence).
create function private.guard_punch_request()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'Solicitações de ajuste não podem ser excluídas' using errcode = '42501';
  end if;
  if old.status <> 'PENDENTE'
     or new.id is distinct from old.id or new.funcionario_id is distinct from old.funcionario_id
     or new.work_date is distinct from old.work_date or new.kind is distinct from old.kind
     or new.punched_at is distinct from old.punched_at or new.abono_tipo is distinct from old.abono_tipo
     or new.motivo is distinct from old.motivo or new.anexo_path is distinct from old.anexo_path
     or new.created_at is distinct from old.created_at then
    raise exception 'Esta solicitação já foi decidida' using errcode = 'P0001';
  end if;
  return new;
end;
$$;

revoke execute on function private.guard_punch_request() from public, anon, authenticated;

create trigger ponto_solicitacoes_guard
  before update or delete on public.ponto_solicitacoes
  for each row execute function private.guard_punch_request();

create trigger ponto_solicitacoes_refuse_truncate
  before truncate on public.ponto_solicitacoes
  for each statement execute function private.refuse_change('Solicitações de ajuste não podem ser excluídas');

-- ===========================================================================
-- Adjustments: the treatment itself, append-only.

create table public.ponto_ajustes (
  id uuid primary key default gen_random_uuid(),
  funcionario_id uuid not null references auth.users (id),
  work_date date not null,
  kind text not null,
  -- inclusao: the added mark's time.
  punched_at timestamptz,
  -- desconsiderar: the original mark disregarded (it stays in pontos). No foreign key: pontos rows are never
  -- deleted (append-only), the RPC checks the mark belongs to the employee, and a foreign key would make
  -- TRUNCATE of pontos fail on the key instead of answering with the append-only refusal.
  ponto_id uuid,
  abono_tipo text,
  -- compensacao / pagamento: minutes taken from the hour bank (positive settles a credit, negative a debt).
  minutes integer,
  -- revogacao: the adjustment it revokes.
  revoga_id uuid references public.ponto_ajustes (id),
  motivo text not null,
  anexo_path text,
  solicitacao_id uuid references public.ponto_solicitacoes (id),
  after_closing boolean not null default false,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint ponto_ajustes_kind_known check (kind in ('inclusao', 'desconsiderar', 'abono', 'compensacao', 'pagamento', 'revogacao')),
  constraint ponto_ajustes_abono_tipo_known check (abono_tipo is null or abono_tipo in ('atestado', 'folga', 'ferias', 'falta_justificada')),
  constraint ponto_ajustes_shape check (
    (kind = 'inclusao' and punched_at is not null)
    or (kind = 'desconsiderar' and ponto_id is not null)
    or (kind = 'abono' and abono_tipo is not null)
    or (kind in ('compensacao', 'pagamento') and minutes is not null and minutes <> 0)
    or (kind = 'revogacao' and revoga_id is not null)),
  constraint ponto_ajustes_motivo_not_blank check (length(btrim(motivo)) > 0 and char_length(motivo) <= 1000)
);

comment on table public.ponto_ajustes is
  'Treatment of the time records (Portaria 671: sources I and D, abonos, hour-bank settlements), append-only; revoking is a new row. pontos never changes.';

create index ponto_ajustes_funcionario_idx on public.ponto_ajustes (funcionario_id, work_date);
create index ponto_ajustes_ponto_idx on public.ponto_ajustes (ponto_id) where ponto_id is not null;
create index ponto_ajustes_revoga_idx on public.ponto_ajustes (revoga_id) where revoga_id is not null;
create index ponto_ajustes_solicitacao_idx on public.ponto_ajustes (solicitacao_id) where solicitacao_id is not null;
create index ponto_ajustes_created_by_idx on public.ponto_ajustes (created_by);
-- One revocation per adjustment.
create unique index ponto_ajustes_one_revocation_idx on public.ponto_ajustes (revoga_id) where kind = 'revogacao';

alter table public.ponto_ajustes enable row level security;
revoke all on table public.ponto_ajustes from anon, authenticated;
grant select on table public.ponto_ajustes to authenticated;
grant all on table public.ponto_ajustes to service_role;

create policy ponto_ajustes_select on public.ponto_ajustes
  for select to authenticated
  using (private.can_view_employee_time(funcionario_id));

create trigger ponto_ajustes_refuse_change
  before update or delete on public.ponto_ajustes
  for each row execute function private.refuse_change('Ajustes de ponto não podem ser alterados nem excluídos; revogue o ajuste');

create trigger ponto_ajustes_refuse_truncate
  before truncate on public.ponto_ajustes
  for each statement execute function private.refuse_change('Ajustes de ponto não podem ser alterados nem excluídos; revogue o ajuste');

-- Active (not revoked) adjustments, the only ones the computation reads.
create function private.active_adjustments(p_user_id uuid, p_from date, p_to date)
returns setof public.ponto_ajustes
language sql stable security definer set search_path = '' as $$
  select a.* from public.ponto_ajustes a
  where a.funcionario_id = p_user_id and a.work_date between p_from and p_to and a.kind <> 'revogacao'
    and not exists (select 1 from public.ponto_ajustes r where r.kind = 'revogacao' and r.revoga_id = a.id)
$$;

revoke all on function private.active_adjustments(uuid, date, date) from public, anon, authenticated;
grant execute on function private.active_adjustments(uuid, date, date) to service_role;

-- An active abono makes the day 'excused' in expected_day (the schedules migration's hook, replaced here);
-- the latest abono of a day names its kind.
create or replace function private.excused_days(p_user_id uuid, p_from date, p_to date)
returns table (day date, abono_tipo text)
language sql stable security definer set search_path = '' as $$
  select distinct on (a.work_date) a.work_date, a.abono_tipo
  from private.active_adjustments(p_user_id, p_from, p_to) a
  where a.kind = 'abono'
  order by a.work_date, a.created_at desc
$$;

-- ===========================================================================
-- Hour bank agreements (CLT art. 59 §2, §5, §6): compensation within the month (tacit), 6 months
-- (individual written) or 12 months (collective). Without one, the month rule applies.

create table public.banco_horas_acordos (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id),
  tipo text not null,
  valid_from date not null,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint banco_horas_acordos_tipo_known check (tipo in ('mensal', 'semestral', 'anual')),
  constraint banco_horas_acordos_user_from_unique unique (user_id, valid_from)
);

comment on table public.banco_horas_acordos is
  'Hour bank agreement per employee from a date: mensal (same month), semestral (6 months, individual), anual (12 months, collective).';

create index banco_horas_acordos_created_by_idx on public.banco_horas_acordos (created_by);

alter table public.banco_horas_acordos enable row level security;
revoke all on table public.banco_horas_acordos from anon, authenticated;
grant select on table public.banco_horas_acordos to authenticated;
grant all on table public.banco_horas_acordos to service_role;

create policy banco_horas_acordos_select on public.banco_horas_acordos
  for select to authenticated
  using (private.can_view_employee_time(user_id));

create trigger banco_horas_acordos_refuse_change
  before update or delete on public.banco_horas_acordos
  for each row execute function private.refuse_change('Acordos de banco de horas não podem ser alterados; registre um novo acordo');

create trigger banco_horas_acordos_refuse_truncate
  before truncate on public.banco_horas_acordos
  for each statement execute function private.refuse_change('Acordos de banco de horas não podem ser alterados; registre um novo acordo');

-- ===========================================================================
-- Acknowledgements of the espelho: the employee read the closed month and agrees or contests.

create table public.ponto_espelho_ciencias (
  id uuid primary key default gen_random_uuid(),
  funcionario_id uuid not null references auth.users (id),
  month date not null,
  concorda boolean not null,
  comentario text,
  -- SHA-256 of the canonical text of the espelho the employee saw (get_espelho).
  espelho_sha256 text not null,
  created_at timestamptz not null default now(),
  constraint ponto_espelho_ciencias_first_day check (month = date_trunc('month', month)::date),
  constraint ponto_espelho_ciencias_sha256 check (espelho_sha256 ~ '^[0-9a-f]{64}$'),
  constraint ponto_espelho_ciencias_contest_explained check (concorda or length(btrim(coalesce(comentario, ''))) > 0),
  constraint ponto_espelho_ciencias_comment_length check (comentario is null or char_length(comentario) <= 2000),
  constraint ponto_espelho_ciencias_once unique (funcionario_id, month, espelho_sha256)
);

comment on table public.ponto_espelho_ciencias is
  'Employee acknowledgements of a closed month''s espelho (Li e concordo / Discordo with a comment), server time and the SHA-256 of what was shown; append-only.';

alter table public.ponto_espelho_ciencias enable row level security;
revoke all on table public.ponto_espelho_ciencias from anon, authenticated;
grant select on table public.ponto_espelho_ciencias to authenticated;
grant all on table public.ponto_espelho_ciencias to service_role;

create policy ponto_espelho_ciencias_select on public.ponto_espelho_ciencias
  for select to authenticated
  using (private.can_view_employee_time(funcionario_id));

create trigger ponto_espelho_ciencias_refuse_change
  before update or delete on public.ponto_espelho_ciencias
  for each row execute function private.refuse_change('A ciência do espelho não pode ser alterada nem excluída');

create trigger ponto_espelho_ciencias_refuse_truncate
  before truncate on public.ponto_espelho_ciencias
  for each statement execute function private.refuse_change('A ciência do espelho não pode ser alterada nem excluída');

-- ===========================================================================
-- Attachments (atestado photos): private bucket, `<employee id>/<file>`. The employee adds to their own
-- folder; whoever may view the employee's time reads; nothing is replaced or removed (evidence).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('ponto-anexos', 'ponto-anexos', false, 10485760, array['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

-- The employee a path belongs to (`<uuid>/<file>`, one level), or null for any other shape.
create function private.punch_attachment_owner(p_name text)
returns uuid
language sql immutable set search_path = '' as $$
  select case
    when split_part(p_name, '/', 1) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         and split_part(p_name, '/', 2) <> '' and split_part(p_name, '/', 3) = ''
      then split_part(p_name, '/', 1)::uuid
  end
$$;

revoke all on function private.punch_attachment_owner(text) from public, anon;
grant execute on function private.punch_attachment_owner(text) to authenticated, service_role;

create policy ponto_anexos_select on storage.objects
  for select to authenticated
  using (bucket_id = 'ponto-anexos' and private.can_view_employee_time(private.punch_attachment_owner(name)));

create policy ponto_anexos_insert on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'ponto-anexos'
    and (private.punch_attachment_owner(name) = (select auth.uid()) or private.can_manage_employee_time(private.punch_attachment_owner(name))));

-- ===========================================================================
-- The computation: one function for every screen.

-- Clock minutes of [p_from, p_to) inside 22:00–05:00 in São Paulo (CLT art. 73).
create function private.night_seconds(p_from timestamptz, p_to timestamptz)
returns numeric
language sql immutable set search_path = '' as $$
  select coalesce(sum(greatest(0::numeric, extract(epoch from
      least(p_to, ((g::date + 1) + time '05:00') at time zone 'America/Sao_Paulo')
      - greatest(p_from, (g::date + time '22:00') at time zone 'America/Sao_Paulo')))), 0)
  from generate_series((p_from at time zone 'America/Sao_Paulo')::date - 1, (p_to at time zone 'America/Sao_Paulo')::date, interval '1 day') g
  where p_to > p_from
$$;

revoke all on function private.night_seconds(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function private.night_seconds(timestamptz, timestamptz) to service_role;

-- Where an employee's time record starts: the first schedule assignment, original mark or included mark.
-- Before it nothing is owed: an account that never joined the time clock (a supplier's representative, a
-- new hire before their first day) has no absences and no hour-bank debt from the 480-minute default.
create function private.time_record_start(p_user_id uuid)
returns date
language sql stable security definer set search_path = '' as $$
  select least(
    (select min(ws.valid_from) from public.work_schedules ws where ws.user_id = p_user_id),
    (select min(p.work_date) from public.pontos p where p.funcionario_id = p_user_id),
    (select min(a.work_date) from public.ponto_ajustes a where a.funcionario_id = p_user_id and a.kind = 'inclusao'))
$$;

revoke all on function private.time_record_start(uuid) from public, anon, authenticated;
grant execute on function private.time_record_start(uuid) to service_role;

-- The treated days of an employee, p_from..p_to (São Paulo work dates). No authorization check:
-- every caller checks first. Treated marks = originals − disregarded + included (revoked adjustments
-- ignored); worked = the sum of the pairs (1st→2nd, 3rd→4th, …; an unpaired last mark counts nothing);
-- the tolerance of CLT art. 58 §1 / Súmula 366 (each deviation ≤ 5 min and the day's ≤ 10 min: the day
-- balances to zero; once exceeded the whole difference counts); night minutes; flags.
create function private.treated_days(p_user_id uuid, p_from date, p_to date)
returns table (
  day date,
  day_kind text,
  holiday_name text,
  template_name text,
  start_time time,
  end_time time,
  expected_minutes integer,
  scheduled_minutes integer,
  break_minutes integer,
  marks jsonb,
  treated timestamptz[],
  worked_minutes integer,
  balance_minutes integer,
  tolerance_applied boolean,
  night_minutes integer,
  night_reduced_minutes integer,
  break_taken_minutes integer,
  abono_tipo text,
  future boolean,
  flags text[],
  adjustments jsonb,
  outside_unit boolean,
  adjusted boolean
)
language sql stable security definer set search_path = '' as $$
  with
  today as (select (now() at time zone 'America/Sao_Paulo')::date as d),
  record_start as materialized (select coalesce(private.time_record_start(p_user_id), 'infinity'::date) as d),
  adj_all as (
    select a.*, exists (select 1 from public.ponto_ajustes r where r.kind = 'revogacao' and r.revoga_id = a.id) as revoked
    from public.ponto_ajustes a
    where a.funcionario_id = p_user_id and a.work_date between p_from - 2 and p_to
  ),
  mark_rows as (
    select p.work_date, p.punched_at as at,
      case when dis.id is null then 'O' else 'D' end as source,
      p.id as ponto_id, dis.id as ajuste_id, p.nsr, coalesce(p.fora_da_unidade, false) as fora
    from public.pontos p
    left join lateral (
      select a.id from adj_all a where a.kind = 'desconsiderar' and a.ponto_id = p.id and not a.revoked
      order by a.created_at limit 1
    ) dis on true
    where p.funcionario_id = p_user_id and p.work_date between p_from - 2 and p_to
    union all
    select a.work_date, a.punched_at, 'I', null, a.id, null, false
    from adj_all a where a.kind = 'inclusao' and not a.revoked
  ),
  per_day as (
    select m.work_date,
      jsonb_agg(jsonb_build_object('at', m.at, 'source', m.source, 'ponto_id', m.ponto_id, 'ajuste_id', m.ajuste_id,
        'nsr', m.nsr, 'fora_da_unidade', m.fora) order by m.at, m.source) as marks,
      coalesce(array_agg(m.at order by m.at) filter (where m.source <> 'D'), '{}') as treated,
      coalesce(bool_or(m.fora) filter (where m.source = 'O'), false) as outside_unit
    from mark_rows m group by m.work_date
  ),
  computed as (
    select g.day::date as day, pd.marks, coalesce(pd.treated, '{}') as treated, coalesce(pd.outside_unit, false) as outside_unit,
      coalesce(cardinality(pd.treated), 0) as n,
      (select coalesce(sum(extract(epoch from t.treated[i + 1] - t.treated[i])), 0)
         from (select pd.treated) t, generate_series(1, coalesce(cardinality(pd.treated), 0) - 1, 2) i) as worked_s,
      (select coalesce(sum(extract(epoch from t.treated[i + 1] - t.treated[i])), 0)
         from (select pd.treated) t, generate_series(2, coalesce(cardinality(pd.treated), 0) - 1, 2) i) as break_s,
      (select coalesce(sum(private.night_seconds(t.treated[i], t.treated[i + 1])), 0)
         from (select pd.treated) t, generate_series(1, coalesce(cardinality(pd.treated), 0) - 1, 2) i) as night_s
    from generate_series(p_from - 2, p_to, interval '1 day') as g(day)
    left join per_day pd on pd.work_date = g.day::date
  ),
  with_prev as (
    select c.*,
      max(c.treated[c.n]) filter (where c.n > 0) over (order by c.day rows between unbounded preceding and 1 preceding) as prev_last
    from computed c
  ),
  joined as (
    select w.*, e.day_kind as e_kind, e.holiday_name as e_holiday, e.template_name as e_template,
      e.start_time as e_start, e.end_time as e_end,
      case when w.day < (select d from record_start) then 0 else coalesce(e.expected_minutes, 0) end as e_expected,
      coalesce(e.scheduled_minutes, 0) as e_scheduled, coalesce(e.break_minutes, 0) as e_break,
      (floor(w.worked_s / 60))::integer as worked_m,
      (floor(w.break_s / 60))::integer as break_m,
      w.day > (select d from today) as is_future,
      w.day = (select d from today) as is_today,
      (select ab.abono_tipo from adj_all ab where ab.work_date = w.day and ab.kind = 'abono' and not ab.revoked
        order by ab.created_at desc limit 1) as abono
    from with_prev w
    left join private.expected_days(p_user_id, p_from, p_to) e on e.day = w.day
    where w.day >= p_from
  ),
  toleranced as (
    select j.*,
      -- Deviations in minutes (signed): entry, last exit, and the breaks taken against the planned one.
      case when j.e_expected > 0 and j.e_start is not null and j.e_end is not null and j.n >= 2 and j.n % 2 = 0 then
        abs(extract(epoch from j.treated[1] - ((j.day + j.e_start) at time zone 'America/Sao_Paulo')) / 60) end as dev_in,
      case when j.e_expected > 0 and j.e_start is not null and j.e_end is not null and j.n >= 2 and j.n % 2 = 0 then
        abs(extract(epoch from j.treated[j.n] - ((j.day + case when j.e_end <= j.e_start then 1 else 0 end + j.e_end) at time zone 'America/Sao_Paulo')) / 60) end as dev_out,
      case when j.e_expected > 0 and j.e_start is not null and j.e_end is not null and j.n >= 2 and j.n % 2 = 0 then
        abs(j.break_s / 60 - j.e_break) end as dev_break
    from joined j
  ),
  balanced as (
    select t.*,
      coalesce(t.dev_in <= 5 and t.dev_out <= 5 and t.dev_break <= 5 and t.dev_in + t.dev_out + t.dev_break <= 10, false) as within,
      case
        when t.is_future then 0
        when t.is_today and (t.n = 0 or t.n % 2 = 1) then 0
        when coalesce(t.dev_in <= 5 and t.dev_out <= 5 and t.dev_break <= 5 and t.dev_in + t.dev_out + t.dev_break <= 10, false) then 0
        else t.worked_m - t.e_expected
      end as balance
    from toleranced t
  )
  select b.day, coalesce(b.e_kind, 'work'), b.e_holiday, b.e_template, b.e_start, b.e_end, b.e_expected, b.e_scheduled, b.e_break,
    coalesce(b.marks, '[]'::jsonb), b.treated, b.worked_m, b.balance, b.within and not b.is_future,
    (floor(b.night_s / 60))::integer, round(b.night_s / 52.5)::integer, b.break_m, b.abono, b.is_future,
    array_remove(array[
      case when b.n % 2 = 1 and not b.is_future and not b.is_today then 'marcacao_impar' end,
      case when b.n = 0 and b.e_expected > 0 and b.abono is null and b.day < (select d from today) then 'falta' end,
      case when b.worked_m > 360 and b.break_m < 60 then 'intervalo_curto' end,
      case when b.n > 0 and b.prev_last is not null and b.treated[1] - b.prev_last < interval '11 hours' then 'interjornada_curta' end,
      case when b.balance > 120 then 'hora_extra_acima_2h' end,
      case when b.outside_unit then 'fora_da_unidade' end
    ], null),
    coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', a.id, 'kind', a.kind, 'punched_at', a.punched_at, 'ponto_id', a.ponto_id, 'abono_tipo', a.abono_tipo,
        'minutes', a.minutes, 'motivo', a.motivo, 'anexo_path', a.anexo_path, 'solicitacao_id', a.solicitacao_id,
        'after_closing', a.after_closing, 'revoga_id', a.revoga_id, 'revoked', a.revoked, 'created_by', a.created_by,
        'created_by_name', (select pr.full_name from public.profiles pr where pr.id = a.created_by), 'created_at', a.created_at)
        order by a.created_at, a.id)
      from adj_all a where a.work_date = b.day), '[]'::jsonb),
    b.outside_unit,
    exists (select 1 from adj_all a where a.work_date = b.day)
  from balanced b
  order by b.day
$$;

comment on function private.treated_days(uuid, date, date) is
  'The treated days of an employee (marks O/I/D, expected, worked, balance with the 5/10-minute tolerance, night minutes, flags, adjustments). No authorization check: callers check.';

revoke all on function private.treated_days(uuid, date, date) from public, anon, authenticated;
grant execute on function private.treated_days(uuid, date, date) to service_role;

-- The month argument every RPC takes: any day of a month between 2000 and next year.
create function private.check_month(p_month date)
returns date
language plpgsql stable set search_path = '' as $$
begin
  if p_month is null or p_month < '2000-01-01'::date or p_month > (now() at time zone 'America/Sao_Paulo')::date + 366 then
    raise exception 'Mês inválido: escolha um mês entre 2000 e o próximo ano' using errcode = '22023';
  end if;
  return date_trunc('month', p_month)::date;
end;
$$;

revoke all on function private.check_month(date) from public, anon, authenticated;
grant execute on function private.check_month(date) to service_role;

create function private.require_view_employee(p_user_id uuid)
returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not private.can_view_employee_time(p_user_id) then
    raise exception 'Você não tem permissão para ver o ponto deste funcionário' using errcode = '42501';
  end if;
end;
$$;

revoke all on function private.require_view_employee(uuid) from public, anon, authenticated;
grant execute on function private.require_view_employee(uuid) to service_role;

-- ===========================================================================
-- Hour bank.

create function private.hour_bank(p_user_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_today date := (now() at time zone 'America/Sao_Paulo')::date;
  v_agreement public.banco_horas_acordos;
  v_months integer;
  v_start date;
  v_settled integer;
  v_left integer;
  v_take integer;
  v_period record;
  v_periods jsonb := '[]'::jsonb;
  v_balance integer := 0;
  v_expired integer := 0;
  v_next jsonb;
  v_remaining integer;
  v_expires date;
begin
  select * into v_agreement from public.banco_horas_acordos a
  where a.user_id = p_user_id and a.valid_from <= v_today order by a.valid_from desc limit 1;
  v_months := case coalesce(v_agreement.tipo, 'mensal') when 'mensal' then 1 when 'semestral' then 6 else 12 end;
  -- From the start of the employee's time record (a new agreement does not drop the months before it); but
  -- only the periods still open plus the last one that
  -- expired (its minutes are shown as expired): an older period no longer moves the balance, and computing
  -- years of treated days on every call would make each screen slow (bench:timeclock).
  v_start := greatest(
    coalesce(private.time_record_start(p_user_id), v_today),
    (date_trunc('month', v_today) - make_interval(months => v_months))::date);
  v_start := date_trunc('month', v_start)::date;
  select coalesce(sum(a.minutes), 0) into v_settled
  from private.active_adjustments(p_user_id, v_start, v_today) a where a.kind in ('compensacao', 'pagamento');
  v_left := v_settled;
  for v_period in
    select date_trunc('month', t.day)::date as month, sum(t.balance_minutes)::integer as earned
    from private.treated_days(p_user_id, v_start, v_today - 1) t
    group by 1 order by 1
  loop
    -- Settlements consume the oldest balance of their sign first.
    v_take := 0;
    if v_left > 0 and v_period.earned > 0 then
      v_take := least(v_left, v_period.earned);
    elsif v_left < 0 and v_period.earned < 0 then
      v_take := greatest(v_left, v_period.earned);
    end if;
    v_left := v_left - v_take;
    v_remaining := v_period.earned - v_take;
    v_expires := (v_period.month + make_interval(months => v_months) - interval '1 day')::date;
    if v_expires < v_today then
      v_expired := v_expired + v_remaining;
    else
      v_balance := v_balance + v_remaining;
      if v_remaining <> 0 and v_next is null then
        v_next := jsonb_build_object('expires_on', v_expires, 'minutes', v_remaining);
      end if;
    end if;
    v_periods := v_periods || jsonb_build_array(jsonb_build_object('month', v_period.month, 'earned_minutes', v_period.earned,
      'settled_minutes', v_take, 'remaining_minutes', v_remaining, 'expires_on', v_expires, 'expired', v_expires < v_today));
  end loop;
  -- A settlement beyond what the periods held still counts against the bank.
  v_balance := v_balance - v_left;
  return jsonb_build_object(
    'user_id', p_user_id,
    'agreement', jsonb_build_object('tipo', coalesce(v_agreement.tipo, 'mensal'), 'valid_from', v_agreement.valid_from, 'months', v_months),
    'balance_minutes', v_balance,
    'expired_minutes', v_expired,
    'settled_minutes', v_settled,
    'next_expiry', v_next,
    'periods', v_periods);
end;
$$;

revoke all on function private.hour_bank(uuid) from public, anon, authenticated;
grant execute on function private.hour_bank(uuid) to service_role;

create function public.get_hour_bank(p_user_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_view_employee(p_user_id);
  return private.hour_bank(p_user_id);
end;
$$;

comment on function public.get_hour_bank(uuid) is
  'The employee''s hour bank (balance, expired and expiring minutes per month, agreement); own, PUNCH_VIEW_ALL/PUNCH_MANAGE of the employee''s units, ADMIN.';

revoke all on function public.get_hour_bank(uuid) from public, anon;
grant execute on function public.get_hour_bank(uuid) to authenticated, service_role;

create function public.set_hour_bank_agreement(p_user_id uuid, p_tipo text, p_valid_from date)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.banco_horas_acordos;
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not private.can_manage_employee_time(p_user_id) then
    raise exception 'Você não tem permissão para tratar o ponto deste funcionário' using errcode = '42501';
  end if;
  if p_tipo is null or p_tipo not in ('mensal', 'semestral', 'anual') then
    raise exception 'Tipo de acordo inválido' using errcode = '22023';
  end if;
  if p_valid_from is null then
    raise exception 'Informe o início do acordo' using errcode = '22023';
  end if;
  insert into public.banco_horas_acordos (user_id, tipo, valid_from) values (p_user_id, p_tipo, p_valid_from)
  on conflict (user_id, valid_from) do nothing
  returning * into v_row;
  if v_row.id is null then
    raise exception 'Já existe um acordo começando neste dia' using errcode = '23505';
  end if;
  return to_jsonb(v_row);
end;
$$;

comment on function public.set_hour_bank_agreement(uuid, text, date) is 'Records the employee''s hour bank agreement from a date (PUNCH_MANAGE of the unit, ADMIN).';

revoke all on function public.set_hour_bank_agreement(uuid, text, date) from public, anon;
grant execute on function public.set_hour_bank_agreement(uuid, text, date) to authenticated, service_role;

-- ===========================================================================
-- The treated month.

create function private.treated_month_json(p_user_id uuid, p_month date)
returns jsonb
language sql stable security definer set search_path = '' as $$
  with days as (
    select * from private.treated_days(p_user_id, p_month, (p_month + interval '1 month - 1 day')::date)
  )
  select jsonb_build_object(
    'user_id', p_user_id,
    'full_name', (select pr.full_name from public.profiles pr where pr.id = p_user_id),
    'month', p_month,
    'today', (now() at time zone 'America/Sao_Paulo')::date,
    'closed', private.month_closed_for(p_user_id, p_month),
    'closed_at', (select min(f.closed_at) from public.ponto_fechamentos f
                  where f.month = p_month and f.unit_id in (select private.user_unit_ids(p_user_id))),
    'days', coalesce((select jsonb_agg(jsonb_build_object(
        'date', d.day, 'day_kind', d.day_kind, 'holiday_name', d.holiday_name, 'template_name', d.template_name,
        'start_time', d.start_time, 'end_time', d.end_time, 'expected_minutes', d.expected_minutes,
        'scheduled_minutes', d.scheduled_minutes, 'break_minutes', d.break_minutes, 'worked_minutes', d.worked_minutes,
        'balance_minutes', d.balance_minutes, 'tolerance_applied', d.tolerance_applied, 'night_minutes', d.night_minutes,
        'night_reduced_minutes', d.night_reduced_minutes, 'break_taken_minutes', d.break_taken_minutes,
        'abono_tipo', d.abono_tipo, 'future', d.future, 'flags', to_jsonb(d.flags), 'marks', d.marks,
        'treated', to_jsonb(d.treated), 'adjustments', d.adjustments) order by d.day) from days d), '[]'::jsonb),
    'totals', (select jsonb_build_object(
        'expected_minutes', coalesce(sum(d.expected_minutes) filter (where not d.future), 0),
        'worked_minutes', coalesce(sum(d.worked_minutes), 0),
        'balance_minutes', coalesce(sum(d.balance_minutes), 0),
        'night_minutes', coalesce(sum(d.night_minutes), 0),
        'night_reduced_minutes', coalesce(sum(d.night_reduced_minutes), 0),
        'absences', count(*) filter (where 'falta' = any (d.flags)),
        'flagged_days', count(*) filter (where cardinality(d.flags) > 0)) from days d)
  )
$$;

revoke all on function private.treated_month_json(uuid, date) from public, anon, authenticated;
grant execute on function private.treated_month_json(uuid, date) to service_role;

create function public.get_treated_timesheet(p_user_id uuid, p_month date)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_month date;
begin
  perform private.require_view_employee(p_user_id);
  v_month := private.check_month(p_month);
  return private.treated_month_json(p_user_id, v_month) || jsonb_build_object('bank', private.hour_bank(p_user_id));
end;
$$;

comment on function public.get_treated_timesheet(uuid, date) is
  'An employee''s treated month (original and treated marks O/I/D, expected, worked, balance, night, flags, adjustments, totals, closing, bank).';

revoke all on function public.get_treated_timesheet(uuid, date) from public, anon;
grant execute on function public.get_treated_timesheet(uuid, date) to authenticated, service_role;

-- /meu-ponto and its export: the same columns as before, now from the treated days, new ones appended.
drop function public.get_my_monthly_timesheet(date);

create function public.get_my_monthly_timesheet(p_month date)
returns table (
  date date,
  entrada timestamptz,
  saida_intervalo timestamptz,
  retorno_intervalo timestamptz,
  saida_final timestamptz,
  extras timestamptz[],
  horas_trabalhadas_minutos integer,
  horas_esperadas_minutos integer,
  fora_da_unidade boolean,
  saldo_minutos integer,
  minutos_noturnos integer,
  minutos_noturnos_reduzidos integer,
  tipo_dia text,
  abono_tipo text,
  sinalizacoes text[],
  tratado boolean,
  marcacoes jsonb,
  tolerancia_aplicada boolean
)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_first date;
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  v_first := private.check_month(p_month);
  return query
  -- Marks by position, as register_punch types them; a finished day of two marks is an entry and a final exit.
  select t.day, t.treated[1],
    case when cardinality(t.treated) = 2 and t.day < (now() at time zone 'America/Sao_Paulo')::date then null else t.treated[2] end,
    t.treated[3],
    case when cardinality(t.treated) = 2 and t.day < (now() at time zone 'America/Sao_Paulo')::date then t.treated[2] else t.treated[4] end,
    coalesce(t.treated[5:], '{}'::timestamptz[]),
    t.worked_minutes, t.expected_minutes, t.outside_unit, t.balance_minutes, t.night_minutes, t.night_reduced_minutes,
    t.day_kind, t.abono_tipo, t.flags, t.adjusted, t.marks, t.tolerance_applied
  from private.treated_days(auth.uid(), v_first, (v_first + interval '1 month - 1 day')::date) t
  order by t.day;
end;
$$;

comment on function public.get_my_monthly_timesheet(date) is
  'The caller''s treated days of the month containing p_month: the 1st–4th treated marks and the rest, worked and expected minutes, outside-unit flag, then balance (with tolerance), night minutes, kind of day, abono, flags, whether treated, marks with their sources.';

revoke execute on function public.get_my_monthly_timesheet(date) from public, anon;
grant execute on function public.get_my_monthly_timesheet(date) to authenticated, service_role;

-- Its last caller was the timesheet replaced above: every expected minute now comes from private.expected_days
-- (expected_day), so the per-day helper goes.
drop function private.expected_minutes(uuid, date);

-- ===========================================================================
-- Adjustments.

-- The checks every adjustment passes (manager's or approval of a request). Returns after_closing.
create function private.check_adjustment_day(p_user_id uuid, p_work_date date)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_work_date is null then
    raise exception 'Informe o dia do ajuste' using errcode = '22023';
  end if;
  if p_work_date > (now() at time zone 'America/Sao_Paulo')::date then
    raise exception 'Não é possível ajustar um dia futuro' using errcode = '22023';
  end if;
  if private.month_closed_for(p_user_id, p_work_date) then
    if not private.is_admin() then
      raise exception 'Este mês já foi fechado; apenas um administrador pode ajustá-lo' using errcode = '42501';
    end if;
    return true;
  end if;
  return false;
end;
$$;

revoke all on function private.check_adjustment_day(uuid, date) from public, anon, authenticated;
grant execute on function private.check_adjustment_day(uuid, date) to service_role;

-- An included mark: of the journey's day or the night after it, not in the future, not on a minute the day already has.
create function private.check_included_mark(p_user_id uuid, p_work_date date, p_punched_at timestamptz)
returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_punched_at is null then
    raise exception 'Informe o horário da marcação' using errcode = '22023';
  end if;
  if p_punched_at > now() then
    raise exception 'Não é possível incluir uma marcação no futuro' using errcode = '22023';
  end if;
  if (p_punched_at at time zone 'America/Sao_Paulo')::date not in (p_work_date, p_work_date + 1) then
    raise exception 'O horário deve ser do dia trabalhado ou da madrugada seguinte' using errcode = '22023';
  end if;
  if exists (
    select 1 from private.treated_days(p_user_id, p_work_date, p_work_date) t, unnest(t.treated) m
    where date_trunc('minute', m) = date_trunc('minute', p_punched_at)
  ) then
    raise exception 'Já existe uma marcação às % deste dia', to_char(p_punched_at at time zone 'America/Sao_Paulo', 'HH24:MI')
      using errcode = '23505';
  end if;
end;
$$;

revoke all on function private.check_included_mark(uuid, date, timestamptz) from public, anon, authenticated;
grant execute on function private.check_included_mark(uuid, date, timestamptz) to service_role;

create function private.check_attachment(p_user_id uuid, p_anexo_path text)
returns text
language plpgsql immutable set search_path = '' as $$
begin
  if nullif(btrim(p_anexo_path), '') is null then
    return null;
  end if;
  if private.punch_attachment_owner(p_anexo_path) is distinct from p_user_id or char_length(p_anexo_path) > 300 then
    raise exception 'Anexo inválido: envie o arquivo para a pasta do funcionário' using errcode = '22023';
  end if;
  return p_anexo_path;
end;
$$;

revoke all on function private.check_attachment(uuid, text) from public, anon, authenticated;
grant execute on function private.check_attachment(uuid, text) to service_role;

-- Writes one adjustment after every check; the single path of the manager's RPC and of an approval.
create function private.insert_adjustment(
  p_user_id uuid, p_work_date date, p_kind text, p_motivo text, p_punched_at timestamptz, p_ponto_id uuid,
  p_abono_tipo text, p_minutes integer, p_anexo_path text, p_solicitacao_id uuid)
returns public.ponto_ajustes
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_day date := p_work_date;
  v_after boolean;
  v_ponto public.pontos;
  v_row public.ponto_ajustes;
begin
  if p_kind is null or p_kind not in ('inclusao', 'desconsiderar', 'abono', 'compensacao', 'pagamento', 'revogacao') then
    raise exception 'Tipo de ajuste inválido' using errcode = '22023';
  end if;
  if p_kind = 'revogacao' then
    raise exception 'Use a revogação para desfazer um ajuste' using errcode = '22023';
  end if;
  if p_motivo is null or length(btrim(p_motivo)) = 0 then
    raise exception 'Informe o motivo do ajuste' using errcode = '22023';
  end if;
  if char_length(p_motivo) > 1000 then
    raise exception 'O motivo deve ter no máximo 1.000 caracteres' using errcode = '22023';
  end if;
  -- One employee's treatment one at a time (the duplicate checks below read what the previous wrote).
  perform pg_advisory_xact_lock(hashtextextended('ponto-ajuste:' || p_user_id::text, 0));
  if p_kind = 'desconsiderar' then
    select * into v_ponto from public.pontos p where p.id = p_ponto_id and p.funcionario_id = p_user_id;
    if not found then
      raise exception 'Marcação não encontrada' using errcode = '22023';
    end if;
    v_day := v_ponto.work_date;
  end if;
  v_after := private.check_adjustment_day(p_user_id, v_day);
  if p_kind = 'inclusao' then
    perform private.check_included_mark(p_user_id, v_day, p_punched_at);
  elsif p_kind = 'desconsiderar' then
    if exists (select 1 from private.active_adjustments(p_user_id, v_day, v_day) a where a.kind = 'desconsiderar' and a.ponto_id = p_ponto_id) then
      raise exception 'Esta marcação já foi desconsiderada' using errcode = '23505';
    end if;
  elsif p_kind = 'abono' then
    if p_abono_tipo is null or p_abono_tipo not in ('atestado', 'folga', 'ferias', 'falta_justificada') then
      raise exception 'Informe o tipo de abono' using errcode = '22023';
    end if;
    if exists (select 1 from private.active_adjustments(p_user_id, v_day, v_day) a where a.kind = 'abono') then
      raise exception 'Este dia já está abonado' using errcode = '23505';
    end if;
  else
    if p_minutes is null or p_minutes = 0 or abs(p_minutes) > 10000 then
      raise exception 'Informe os minutos (diferentes de zero, até 10.000)' using errcode = '22023';
    end if;
  end if;
  insert into public.ponto_ajustes (funcionario_id, work_date, kind, punched_at, ponto_id, abono_tipo, minutes, motivo,
    anexo_path, solicitacao_id, after_closing)
  values (p_user_id, v_day, p_kind,
    case when p_kind = 'inclusao' then date_trunc('minute', p_punched_at) end,
    case when p_kind = 'desconsiderar' then p_ponto_id end,
    case when p_kind = 'abono' then p_abono_tipo end,
    case when p_kind in ('compensacao', 'pagamento') then p_minutes end,
    btrim(p_motivo), private.check_attachment(p_user_id, p_anexo_path), p_solicitacao_id, v_after)
  returning * into v_row;
  return v_row;
end;
$$;

revoke all on function private.insert_adjustment(uuid, date, text, text, timestamptz, uuid, text, integer, text, uuid) from public, anon, authenticated;
grant execute on function private.insert_adjustment(uuid, date, text, text, timestamptz, uuid, text, integer, text, uuid) to service_role;

create function public.add_punch_adjustment(
  p_user_id uuid, p_work_date date, p_kind text, p_motivo text, p_punched_at timestamptz default null,
  p_ponto_id uuid default null, p_abono_tipo text default null, p_minutes integer default null, p_anexo_path text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not private.can_manage_employee_time(p_user_id) then
    raise exception 'Você não tem permissão para tratar o ponto deste funcionário' using errcode = '42501';
  end if;
  return to_jsonb(private.insert_adjustment(p_user_id, p_work_date, p_kind, p_motivo, p_punched_at, p_ponto_id,
    p_abono_tipo, p_minutes, p_anexo_path, null));
end;
$$;

comment on function public.add_punch_adjustment(uuid, date, text, text, timestamptz, uuid, text, integer, text) is
  'Adds a treatment (included mark, disregarded mark, abono, compensation, payout) with a motive; PUNCH_MANAGE of the employee''s units or ADMIN; a closed month: ADMIN only, marked after_closing.';

revoke all on function public.add_punch_adjustment(uuid, date, text, text, timestamptz, uuid, text, integer, text) from public, anon;
grant execute on function public.add_punch_adjustment(uuid, date, text, text, timestamptz, uuid, text, integer, text) to authenticated, service_role;

create function public.revoke_punch_adjustment(p_id uuid, p_motivo text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_target public.ponto_ajustes;
  v_after boolean;
  v_row public.ponto_ajustes;
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  select * into v_target from public.ponto_ajustes a where a.id = p_id;
  if not found or not private.can_view_employee_time(v_target.funcionario_id) then
    raise exception 'Ajuste não encontrado' using errcode = '22023';
  end if;
  if not private.can_manage_employee_time(v_target.funcionario_id) then
    raise exception 'Você não tem permissão para tratar o ponto deste funcionário' using errcode = '42501';
  end if;
  if v_target.kind = 'revogacao' then
    raise exception 'Uma revogação não pode ser revogada' using errcode = '22023';
  end if;
  if p_motivo is null or length(btrim(p_motivo)) = 0 then
    raise exception 'Informe o motivo da revogação' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('ponto-ajuste:' || v_target.funcionario_id::text, 0));
  if exists (select 1 from public.ponto_ajustes r where r.kind = 'revogacao' and r.revoga_id = p_id) then
    raise exception 'Este ajuste já foi revogado' using errcode = '23505';
  end if;
  v_after := private.check_adjustment_day(v_target.funcionario_id, v_target.work_date);
  insert into public.ponto_ajustes (funcionario_id, work_date, kind, revoga_id, motivo, after_closing)
  values (v_target.funcionario_id, v_target.work_date, 'revogacao', p_id, left(btrim(p_motivo), 1000), v_after)
  returning * into v_row;
  return to_jsonb(v_row);
end;
$$;

comment on function public.revoke_punch_adjustment(uuid, text) is
  'Revokes an adjustment by writing a revogacao row (the original adjustment stays); same rights and closing rule as adding one.';

revoke all on function public.revoke_punch_adjustment(uuid, text) from public, anon;
grant execute on function public.revoke_punch_adjustment(uuid, text) to authenticated, service_role;

-- ===========================================================================
-- Requests.

create function private.request_deadline(p_work_date date)
returns date
language sql stable security definer set search_path = '' as $$
  select p_work_date + coalesce((select c.prazo_solicitacao_dias from public.ponto_configuracoes c), 5)
$$;

revoke all on function private.request_deadline(date) from public, anon, authenticated;
grant execute on function private.request_deadline(date) to service_role;

create function public.request_punch_adjustment(
  p_work_date date, p_kind text, p_motivo text, p_punched_at timestamptz default null,
  p_abono_tipo text default null, p_anexo_path text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_row public.ponto_solicitacoes;
begin
  if v_uid is null or not private.account_active(v_uid) then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if p_kind is null or p_kind not in ('inclusao', 'abono') then
    raise exception 'Tipo de ajuste inválido' using errcode = '22023';
  end if;
  if p_motivo is null or length(btrim(p_motivo)) = 0 then
    raise exception 'Informe o motivo da solicitação' using errcode = '22023';
  end if;
  if char_length(p_motivo) > 1000 then
    raise exception 'O motivo deve ter no máximo 1.000 caracteres' using errcode = '22023';
  end if;
  if p_work_date is null then
    raise exception 'Informe o dia do ajuste' using errcode = '22023';
  end if;
  if p_work_date > (now() at time zone 'America/Sao_Paulo')::date then
    raise exception 'Não é possível ajustar um dia futuro' using errcode = '22023';
  end if;
  if (now() at time zone 'America/Sao_Paulo')::date > private.request_deadline(p_work_date) then
    raise exception 'O prazo para solicitar ajuste deste dia terminou em %', to_char(private.request_deadline(p_work_date), 'DD/MM/YYYY')
      using errcode = 'P0001';
  end if;
  if private.month_closed_for(v_uid, p_work_date) then
    raise exception 'Este mês já foi fechado; fale com o administrador' using errcode = 'P0001';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('ponto-ajuste:' || v_uid::text, 0));
  if p_kind = 'inclusao' then
    perform private.check_included_mark(v_uid, p_work_date, p_punched_at);
  elsif p_abono_tipo is null or p_abono_tipo not in ('atestado', 'folga', 'ferias', 'falta_justificada') then
    raise exception 'Informe o tipo de abono' using errcode = '22023';
  elsif exists (select 1 from private.active_adjustments(v_uid, p_work_date, p_work_date) a where a.kind = 'abono') then
    raise exception 'Este dia já está abonado' using errcode = '23505';
  end if;
  if exists (
    select 1 from public.ponto_solicitacoes s
    where s.funcionario_id = v_uid and s.work_date = p_work_date and s.kind = p_kind and s.status = 'PENDENTE'
      and (p_kind = 'abono' or date_trunc('minute', s.punched_at) = date_trunc('minute', p_punched_at))
  ) then
    raise exception 'Já existe uma solicitação pendente igual para este dia' using errcode = '23505';
  end if;
  insert into public.ponto_solicitacoes (funcionario_id, work_date, kind, punched_at, abono_tipo, motivo, anexo_path)
  values (v_uid, p_work_date, p_kind,
    case when p_kind = 'inclusao' then date_trunc('minute', p_punched_at) end,
    case when p_kind = 'abono' then p_abono_tipo end,
    btrim(p_motivo), private.check_attachment(v_uid, p_anexo_path))
  returning * into v_row;
  return to_jsonb(v_row);
end;
$$;

comment on function public.request_punch_adjustment(date, text, text, timestamptz, text, text) is
  'The caller asks for an included mark or an abono on one of their days, within the deadline set in ponto_configuracoes.';

revoke all on function public.request_punch_adjustment(date, text, text, timestamptz, text, text) from public, anon;
grant execute on function public.request_punch_adjustment(date, text, text, timestamptz, text, text) to authenticated, service_role;

create function public.decide_punch_adjustment_request(p_id uuid, p_aprovar boolean, p_motivo text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_req public.ponto_solicitacoes;
  v_adj public.ponto_ajustes;
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  select * into v_req from public.ponto_solicitacoes s where s.id = p_id for update;
  if not found or not private.can_view_employee_time(v_req.funcionario_id) then
    raise exception 'Solicitação não encontrada' using errcode = '22023';
  end if;
  if not private.can_manage_employee_time(v_req.funcionario_id) then
    raise exception 'Você não tem permissão para tratar o ponto deste funcionário' using errcode = '42501';
  end if;
  if v_req.status <> 'PENDENTE' then
    raise exception 'Esta solicitação já foi decidida' using errcode = 'P0001';
  end if;
  if p_aprovar is null then
    raise exception 'Informe se a solicitação foi aprovada' using errcode = '22023';
  end if;
  if not p_aprovar and (p_motivo is null or length(btrim(p_motivo)) = 0) then
    raise exception 'Informe o motivo da rejeição' using errcode = '22023';
  end if;
  if p_aprovar then
    v_adj := private.insert_adjustment(v_req.funcionario_id, v_req.work_date, v_req.kind, v_req.motivo, v_req.punched_at,
      null, v_req.abono_tipo, null, v_req.anexo_path, v_req.id);
  end if;
  update public.ponto_solicitacoes s
  set status = case when p_aprovar then 'APROVADA' else 'REJEITADA' end,
      decided_by = auth.uid(), decided_at = now(), decision_reason = left(nullif(btrim(p_motivo), ''), 1000)
  where s.id = p_id
  returning * into v_req;
  return jsonb_build_object('request', to_jsonb(v_req), 'adjustment', case when v_adj.id is null then null else to_jsonb(v_adj) end);
end;
$$;

comment on function public.decide_punch_adjustment_request(uuid, boolean, text) is
  'Approves (writing the linked adjustment) or rejects with a reason a pending request; PUNCH_MANAGE of the employee''s units or ADMIN.';

revoke all on function public.decide_punch_adjustment_request(uuid, boolean, text) from public, anon;
grant execute on function public.decide_punch_adjustment_request(uuid, boolean, text) to authenticated, service_role;

create function public.list_punch_requests(p_status text default null, p_user_id uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(r order by r.created_at desc) from (
      select s.id, s.funcionario_id, pr.full_name, s.work_date, s.kind, s.punched_at, s.abono_tipo, s.motivo, s.anexo_path,
        s.status, s.decided_by, (select d.full_name from public.profiles d where d.id = s.decided_by) as decided_by_name,
        s.decided_at, s.decision_reason, s.created_at, private.request_deadline(s.work_date) as deadline,
        (s.status = 'PENDENTE' and private.can_manage_employee_time(s.funcionario_id)) as can_decide
      from public.ponto_solicitacoes s
      left join public.profiles pr on pr.id = s.funcionario_id
      where (p_status is null or s.status = p_status)
        and (p_user_id is null or s.funcionario_id = p_user_id)
        and private.can_view_employee_time(s.funcionario_id)
      order by s.created_at desc
      limit 500
    ) r), '[]'::jsonb);
end;
$$;

comment on function public.list_punch_requests(text, uuid) is 'Requests the caller may view (own, employees of their units, all for ADMIN), newest first.';

revoke all on function public.list_punch_requests(text, uuid) from public, anon;
grant execute on function public.list_punch_requests(text, uuid) to authenticated, service_role;

create function public.count_pending_punch_requests()
returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.ponto_solicitacoes s
  where s.status = 'PENDENTE' and auth.uid() is not null and private.can_manage_employee_time(s.funcionario_id)
$$;

comment on function public.count_pending_punch_requests() is 'Pending requests the caller may decide (the tab and sidebar badge).';

revoke all on function public.count_pending_punch_requests() from public, anon;
grant execute on function public.count_pending_punch_requests() to authenticated, service_role;

-- ===========================================================================
-- Closing and the espelho.

-- The employees of a unit, as the closing sees them (assigned to it, or working there now).
create function private.unit_employees(p_unit_id uuid)
returns setof uuid
language sql stable security definer set search_path = '' as $$
  select uu.user_id from public.user_units uu where uu.unit_id = p_unit_id
  union
  select pr.id from public.profiles pr where pr.unit_id = p_unit_id
$$;

revoke all on function private.unit_employees(uuid) from public, anon, authenticated;
grant execute on function private.unit_employees(uuid) to service_role;

create function public.close_timesheet_month(p_unit_id uuid, p_month date)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_month date;
  v_row public.ponto_fechamentos;
  v_pending integer;
  v_employee uuid;
  v_espelho jsonb;
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not exists (select 1 from public.store_units su where su.id = p_unit_id) then
    raise exception 'Unidade não encontrada' using errcode = '22023';
  end if;
  if not private.can_manage_unit_time(p_unit_id) then
    raise exception 'Você não tem permissão para fechar o mês desta unidade' using errcode = '42501';
  end if;
  v_month := private.check_month(p_month);
  if (v_month + interval '1 month')::date > (now() at time zone 'America/Sao_Paulo')::date then
    raise exception 'O mês só pode ser fechado depois do seu último dia' using errcode = 'P0001';
  end if;
  -- Payroll gets a month nobody is still waiting on: the employees' pending requests are decided first.
  select count(*) into v_pending from public.ponto_solicitacoes s
  where s.status = 'PENDENTE' and s.work_date between v_month and (v_month + interval '1 month - 1 day')::date
    and s.funcionario_id in (select private.unit_employees(p_unit_id));
  if v_pending > 0 then
    raise exception '%', case when v_pending = 1 then 'Há 1 solicitação de ajuste pendente neste mês; decida-a antes de fechar'
      else format('Há %s solicitações de ajuste pendentes neste mês; decida-as antes de fechar', v_pending) end
      using errcode = 'P0001';
  end if;
  insert into public.ponto_fechamentos (unit_id, month) values (p_unit_id, v_month)
  on conflict (unit_id, month) do nothing
  returning * into v_row;
  if v_row.id is null then
    raise exception 'Este mês já está fechado para esta unidade' using errcode = '23505';
  end if;
  -- Each employee's month as it closes: the totals payroll receives and the espelho's hash.
  for v_employee in select private.unit_employees(p_unit_id) loop
    v_espelho := private.espelho(v_employee, v_month);
    insert into public.ponto_fechamento_totais (fechamento_id, funcionario_id, expected_minutes, worked_minutes, balance_minutes,
      night_minutes, night_reduced_minutes, absences, flagged_days, espelho_sha256)
    values (v_row.id, v_employee, (v_espelho -> 'totals' ->> 'expected_minutes')::integer, (v_espelho -> 'totals' ->> 'worked_minutes')::integer,
      (v_espelho -> 'totals' ->> 'balance_minutes')::integer, (v_espelho -> 'totals' ->> 'night_minutes')::integer,
      (v_espelho -> 'totals' ->> 'night_reduced_minutes')::integer, (v_espelho -> 'totals' ->> 'absences')::integer,
      (v_espelho -> 'totals' ->> 'flagged_days')::integer, v_espelho ->> 'sha256');
  end loop;
  return to_jsonb(v_row) || jsonb_build_object('employees', (select count(*) from public.ponto_fechamento_totais t where t.fechamento_id = v_row.id));
end;
$$;

comment on function public.close_timesheet_month(uuid, date) is
  'Closes a unit''s ended month for payroll (PUNCH_MANAGE of the unit or ADMIN) once its requests are decided, keeping each employee''s totals and espelho hash; afterwards only ADMIN adjusts it.';

revoke all on function public.close_timesheet_month(uuid, date) from public, anon;
grant execute on function public.close_timesheet_month(uuid, date) to authenticated, service_role;

-- The espelho: the treated month in a canonical text whose SHA-256 the acknowledgement stores. Any later
-- change of the month (an adjustment after closing) changes the text, so an old acknowledgement shows as
-- made on another version.
create function private.espelho(p_user_id uuid, p_month date)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_month jsonb := private.treated_month_json(p_user_id, p_month);
  v_text text;
begin
  select concat_ws(E'\n',
      'ESPELHO DE PONTO|' || to_char(p_month, 'YYYY-MM') || '|' || p_user_id || '|' || coalesce(v_month ->> 'full_name', ''),
      string_agg(concat_ws('|', d ->> 'date', d ->> 'day_kind', d ->> 'expected_minutes', d ->> 'worked_minutes',
          d ->> 'balance_minutes', d ->> 'night_minutes', d ->> 'night_reduced_minutes', coalesce(d ->> 'abono_tipo', ''),
          coalesce((select string_agg(to_char((m ->> 'at')::timestamptz at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') || (m ->> 'source'), ' '
                     order by (m ->> 'at')::timestamptz, m ->> 'source')
                    from jsonb_array_elements(d -> 'marks') m), '')),
        E'\n' order by d ->> 'date'),
      'TOTAIS|' || (v_month -> 'totals' ->> 'expected_minutes') || '|' || (v_month -> 'totals' ->> 'worked_minutes') || '|'
        || (v_month -> 'totals' ->> 'balance_minutes') || '|' || (v_month -> 'totals' ->> 'night_minutes') || '|'
        || (v_month -> 'totals' ->> 'night_reduced_minutes'))
  into v_text
  from jsonb_array_elements(v_month -> 'days') d;
  return jsonb_build_object(
    'user_id', p_user_id,
    'full_name', v_month ->> 'full_name',
    'month', p_month,
    'unit_name', (select string_agg(su.name, ', ' order by su.name) from public.store_units su
                  where su.id in (select f.unit_id from public.ponto_fechamentos f where f.month = p_month
                                  and f.unit_id in (select private.user_unit_ids(p_user_id)))),
    'closed_at', v_month -> 'closed_at',
    'days', v_month -> 'days',
    'totals', v_month -> 'totals',
    'text', v_text,
    'sha256', encode(sha256(convert_to(v_text, 'UTF8')), 'hex'));
end;
$$;

revoke all on function private.espelho(uuid, date) from public, anon, authenticated;
grant execute on function private.espelho(uuid, date) to service_role;

create function public.get_espelho(p_user_id uuid, p_month date)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_month date;
  v_espelho jsonb;
begin
  perform private.require_view_employee(p_user_id);
  v_month := private.check_month(p_month);
  if not private.month_closed_for(p_user_id, v_month) then
    raise exception 'O espelho deste mês ainda não foi fechado' using errcode = 'P0001';
  end if;
  v_espelho := private.espelho(p_user_id, v_month);
  return v_espelho || jsonb_build_object('acknowledgement', (
    select jsonb_build_object('concorda', c.concorda, 'comentario', c.comentario, 'created_at', c.created_at,
      'espelho_sha256', c.espelho_sha256, 'matches_current', c.espelho_sha256 = v_espelho ->> 'sha256')
    from public.ponto_espelho_ciencias c where c.funcionario_id = p_user_id and c.month = v_month
    order by c.created_at desc limit 1));
end;
$$;

comment on function public.get_espelho(uuid, date) is
  'A closed month''s espelho (treated days and totals), its canonical text and SHA-256, and the latest acknowledgement.';

revoke all on function public.get_espelho(uuid, date) from public, anon;
grant execute on function public.get_espelho(uuid, date) to authenticated, service_role;

create function public.acknowledge_espelho(p_month date, p_concorda boolean, p_comentario text default null, p_sha256 text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_month date;
  v_row public.ponto_espelho_ciencias;
begin
  if v_uid is null or not private.account_active(v_uid) then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  v_month := private.check_month(p_month);
  if not private.month_closed_for(v_uid, v_month) then
    raise exception 'O espelho deste mês ainda não foi fechado' using errcode = 'P0001';
  end if;
  if p_concorda is null then
    raise exception 'Informe se concorda com o espelho' using errcode = '22023';
  end if;
  if not p_concorda and (p_comentario is null or length(btrim(p_comentario)) = 0) then
    raise exception 'Explique por que discorda do espelho' using errcode = '22023';
  end if;
  if char_length(p_comentario) > 2000 then
    raise exception 'O comentário deve ter no máximo 2.000 caracteres' using errcode = '22023';
  end if;
  if p_sha256 is null or p_sha256 is distinct from (private.espelho(v_uid, v_month) ->> 'sha256') then
    raise exception 'O espelho mudou desde que foi aberto; abra-o de novo antes de registrar a ciência' using errcode = 'P0001';
  end if;
  insert into public.ponto_espelho_ciencias (funcionario_id, month, concorda, comentario, espelho_sha256)
  values (v_uid, v_month, p_concorda, nullif(btrim(p_comentario), ''), p_sha256)
  on conflict (funcionario_id, month, espelho_sha256) do nothing
  returning * into v_row;
  if v_row.id is null then
    raise exception 'Você já registrou sua ciência deste espelho' using errcode = '23505';
  end if;
  return to_jsonb(v_row);
end;
$$;

comment on function public.acknowledge_espelho(date, boolean, text, text) is
  'The caller acknowledges (agrees or contests with a comment) their closed month''s espelho, with server time and the SHA-256 of the version shown.';

revoke all on function public.acknowledge_espelho(date, boolean, text, text) from public, anon;
grant execute on function public.acknowledge_espelho(date, boolean, text, text) to authenticated, service_role;

create function public.get_month_closing(p_unit_id uuid, p_month date)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_month date;
  v_closing public.ponto_fechamentos;
begin
  if auth.uid() is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not private.can_view_unit_time(p_unit_id) then
    raise exception 'Você não tem permissão para ver o ponto desta unidade' using errcode = '42501';
  end if;
  v_month := private.check_month(p_month);
  select * into v_closing from public.ponto_fechamentos f where f.unit_id = p_unit_id and f.month = v_month;
  return jsonb_build_object(
    'unit_id', p_unit_id,
    'month', v_month,
    'closed', v_closing.id is not null,
    'closed_at', v_closing.closed_at,
    'closed_by_name', (select pr.full_name from public.profiles pr where pr.id = v_closing.closed_by),
    'employees', coalesce((
      select jsonb_agg(jsonb_build_object('user_id', e.id, 'full_name', e.full_name,
        'acknowledgement', (
          select jsonb_build_object('concorda', c.concorda, 'comentario', c.comentario, 'created_at', c.created_at,
            'espelho_sha256', c.espelho_sha256,
            'matches_current', c.espelho_sha256 = e.current_sha256)
          from public.ponto_espelho_ciencias c where c.funcionario_id = e.id and c.month = v_month
          order by c.created_at desc limit 1),
        -- The month as it closed (null for a month closed before totals were kept, or still open).
        'closing', (
          select jsonb_build_object('expected_minutes', t.expected_minutes, 'worked_minutes', t.worked_minutes,
            'balance_minutes', t.balance_minutes, 'night_minutes', t.night_minutes, 'night_reduced_minutes', t.night_reduced_minutes,
            'absences', t.absences, 'flagged_days', t.flagged_days, 'espelho_sha256', t.espelho_sha256,
            'changed_since', t.espelho_sha256 <> e.current_sha256)
          from public.ponto_fechamento_totais t where t.fechamento_id = v_closing.id and t.funcionario_id = e.id)) order by e.full_name)
      from (
        select pr.id, pr.full_name,
          case when v_closing.id is not null then private.espelho(pr.id, v_month) ->> 'sha256' end as current_sha256
        from public.profiles pr where pr.id in (select private.unit_employees(p_unit_id))
      ) e), '[]'::jsonb));
end;
$$;

comment on function public.get_month_closing(uuid, date) is
  'A unit''s month: whether it is closed, by whom, and each employee''s latest acknowledgement of the espelho (agrees, contests, none).';

revoke all on function public.get_month_closing(uuid, date) from public, anon;
grant execute on function public.get_month_closing(uuid, date) to authenticated, service_role;

create function public.set_time_clock_settings(p_prazo_dias integer)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.ponto_configuracoes;
begin
  if not private.is_admin() then
    raise exception 'Apenas administradores podem alterar as configurações do ponto' using errcode = '42501';
  end if;
  if p_prazo_dias is null or p_prazo_dias not between 1 and 60 then
    raise exception 'O prazo deve ter entre 1 e 60 dias' using errcode = '22023';
  end if;
  -- The one row (a WHERE all the same: hosted PostgREST sessions load pg-safeupdate).
  update public.ponto_configuracoes c set prazo_solicitacao_dias = p_prazo_dias, updated_at = now(), updated_by = auth.uid()
  where c.id is not null
  returning * into v_row;
  return jsonb_build_object('prazo_solicitacao_dias', v_row.prazo_solicitacao_dias);
end;
$$;

comment on function public.set_time_clock_settings(integer) is 'ADMIN only: the number of days an employee has to ask for an adjustment of a day.';

revoke all on function public.set_time_clock_settings(integer) from public, anon;
grant execute on function public.set_time_clock_settings(integer) to authenticated, service_role;

-- Live badge and outcomes: requests and adjustments on the realtime channel; RLS decides who hears what.
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.ponto_solicitacoes, public.ponto_ajustes;
  end if;
end;
$$;

-- ===========================================================================
-- A closed month is what payroll received: a schedule assignment whose change would alter the expected
-- minutes of one of the employee's closed months is refused, unless by ADMIN (the same rule as
-- adjustments). A trigger rather than a check inside assign_work_schedule: every path that writes an
-- assignment (assign, end, delete, the previous assignment cut short) passes through it.
create function private.guard_schedule_closed_month()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := case when tg_op = 'DELETE' then old.user_id else new.user_id end;
  v_from date;
  v_to date;
  v_month date;
begin
  -- Direct maintenance (no signed-in caller) and administrators pass.
  if auth.uid() is null or private.is_admin() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  -- The days whose expected minutes the change alters (null end = open).
  if tg_op = 'INSERT' then
    v_from := new.valid_from;
    v_to := new.valid_to;
  elsif tg_op = 'DELETE' then
    v_from := old.valid_from;
    v_to := old.valid_to;
  elsif new.valid_from is distinct from old.valid_from or new.template_id is distinct from old.template_id
        or new.cycle_start is distinct from old.cycle_start or new.unit_id is distinct from old.unit_id or new.user_id is distinct from old.user_id then
    v_from := least(old.valid_from, new.valid_from);
    v_to := case when old.valid_to is null or new.valid_to is null then null else greatest(old.valid_to, new.valid_to) end;
  elsif new.valid_to is distinct from old.valid_to then
    v_from := least(coalesce(old.valid_to, 'infinity'::date), coalesce(new.valid_to, 'infinity'::date)) + 1;
    v_to := case when old.valid_to is null or new.valid_to is null then null else greatest(old.valid_to, new.valid_to) end;
  else
    return new;
  end if;
  select min(f.month) into v_month from public.ponto_fechamentos f
  where f.unit_id in (select private.user_unit_ids(v_user))
    and (f.month + interval '1 month - 1 day')::date >= v_from
    and (v_to is null or f.month <= v_to);
  if v_month is not null then
    raise exception 'A escala alcança o mês de % já fechado; apenas um administrador pode alterá-la', to_char(v_month, 'MM/YYYY')
      using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

revoke all on function private.guard_schedule_closed_month() from public, anon, authenticated;

create trigger work_schedules_closed_month
  before insert or update or delete on public.work_schedules
  for each row execute function private.guard_schedule_closed_month();
