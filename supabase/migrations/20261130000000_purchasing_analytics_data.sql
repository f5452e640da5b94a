-- Issue 28, "Data the metrics need": the facts the purchasing analyses measure, recorded when
-- they happen instead of guessed afterwards from updated_at columns that later writes move.
--
--   * quotes.submitted_at: when the representative sent the quote (EM_ANDAMENTO → ENVIADA). Set
--     once; the award (ENVIADA → VENCEDORA/PERDEDORA) and any later write keep it. Response time
--     is submitted_at − quote_batches.sent_at.
--   * quotes.payment_term_days: the supplier's payment term for the whole quote (0 = à vista,
--     null = not stated, read as 0). The representative sets it through set_quote_payment_term
--     (issue 28 item 1, a later migration); the effective cost discounts it at the buyer's cost of money.
--   * quote_batch_invitations: the suppliers a batch was offered to, written when the batch is
--     sent (every supplier with an active representative then) and when a supplier opens a quote
--     for it; the denominator of response rates. Re-sending after a return to ABERTO adds the
--     suppliers that appeared meanwhile and keeps the first invitation time.
--   * purchase_orders.promised_date: the delivery date promised when the order was sent (the
--     first delivery_date the order had). delivery_date stays the current, editable date; the
--     on-time rate compares the receipt with the original promise, never with a moved date.
--   * purchase_order_items.received_quantity: how many units the receiving unit counted (the fill
--     rate's numerator). Null until the line is received; the receipt RPCs write it.
--   * shortages.batched_at: when the shortage entered its current batch (registration → batch).
--
-- None of these columns is granted to `authenticated` for writing: triggers and RPCs own them.

-- ---------------------------------------------------------------------------
-- 1. Quotes: submission time and payment term

alter table public.quotes
  add column submitted_at timestamptz,
  add column payment_term_days integer
    constraint quotes_payment_term_days_check check (payment_term_days between 0 and 360);

comment on column public.quotes.submitted_at is
  'When the representative sent the quote (EM_ANDAMENTO → ENVIADA); set once, never rewritten by the award.';
comment on column public.quotes.payment_term_days is
  'The supplier''s payment term for this quote in days (0 = à vista; null = not stated, counted as 0).';

-- API roles never choose the time; the owner (migrations, seeds, the RPCs' own code) may record a
-- known one by writing the column explicitly, which the RPCs never do.
create function private.quotes_stamp_submission()
returns trigger
language plpgsql set search_path = '' as $$
declare
  v_api boolean := current_user in ('authenticated', 'anon', 'service_role');
begin
  if tg_op = 'INSERT' then
    new.submitted_at := case when new.status = 'EM_ANDAMENTO' then null
                             when v_api then now() else coalesce(new.submitted_at, now()) end;
  elsif old.submitted_at is not null and (v_api or new.submitted_at is null) then
    new.submitted_at := old.submitted_at;
  elsif old.submitted_at is null and old.status = 'EM_ANDAMENTO' and new.status <> 'EM_ANDAMENTO'
        and (v_api or new.submitted_at is null) then
    new.submitted_at := now();
  elsif v_api then
    new.submitted_at := old.submitted_at;
  end if;
  return new;
end;
$$;

comment on function private.quotes_stamp_submission() is
  'BEFORE INSERT OR UPDATE on quotes: submitted_at is stamped when the quote leaves EM_ANDAMENTO and never changes afterwards.';

revoke all on function private.quotes_stamp_submission() from public, anon, authenticated;

create trigger quotes_stamp_submission
  before insert or update on public.quotes
  for each row execute function private.quotes_stamp_submission();

-- Quotes sent before this migration: the last write before the award is the best record left.
update public.quotes q set submitted_at = q.updated_at where q.status <> 'EM_ANDAMENTO' and q.submitted_at is null;

create index quotes_batch_id_submitted_at_idx on public.quotes (batch_id, submitted_at);

-- ---------------------------------------------------------------------------
-- 2. Who each batch was offered to

create table public.quote_batch_invitations (
  batch_id uuid not null references public.quote_batches (id) on delete cascade,
  supplier_id uuid not null references public.suppliers (id) on delete cascade,
  invited_at timestamptz not null default now(),
  primary key (batch_id, supplier_id)
);

comment on table public.quote_batch_invitations is
  'Suppliers a quote batch was offered to (written when it is sent and when a supplier opens a quote for it): the denominator of response rates.';

create index quote_batch_invitations_supplier_id_idx on public.quote_batch_invitations (supplier_id, batch_id);

alter table public.quote_batch_invitations enable row level security;

revoke all on table public.quote_batch_invitations from anon, authenticated;

grant select on table public.quote_batch_invitations to authenticated;

grant all on table public.quote_batch_invitations to service_role;

-- Purchasing readers (buyers, ANALISTA with VIEW_REPORTS) see every invitation; a representative sees its own supplier's only
-- (never how many competitors were asked).
create policy quote_batch_invitations_select
  on public.quote_batch_invitations for select to authenticated
  using (
    (select private.can_read_purchasing())
    or ((select private.is_representative()) and supplier_id = (select private.current_supplier_id()))
  );

comment on policy quote_batch_invitations_select on public.quote_batch_invitations is
  'Purchasing readers (buyers, ANALISTA with VIEW_REPORTS) read every invitation; a representative its own supplier''s only.';

create function private.invite_suppliers(p_batch_id uuid)
returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.quote_batch_invitations (batch_id, supplier_id)
  select p_batch_id, sp.id
  from public.suppliers sp
  where exists (
    select 1 from public.profiles pr where pr.supplier_id = sp.id and private.account_active(pr.id)
  )
  on conflict (batch_id, supplier_id) do nothing;
$$;

comment on function private.invite_suppliers(uuid) is
  'Records as invited to a batch every supplier with an active representative account (existing invitations kept).';

revoke all on function private.invite_suppliers(uuid) from public, anon, authenticated;

create function private.quote_batches_record_invitations()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'EM_COTACAO' and old.status is distinct from 'EM_COTACAO' then
    perform private.invite_suppliers(new.id);
  end if;
  return null;
end;
$$;

comment on function private.quote_batches_record_invitations() is
  'AFTER UPDATE OF status on quote_batches: a batch sent to quotation records the suppliers it is offered to.';

revoke all on function private.quote_batches_record_invitations() from public, anon, authenticated;

create trigger quote_batches_record_invitations
  after update of status on public.quote_batches
  for each row execute function private.quote_batches_record_invitations();

create function private.quotes_record_invitation()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.quote_batch_invitations (batch_id, supplier_id, invited_at)
  select new.batch_id, new.supplier_id, coalesce(b.sent_at, new.created_at)
  from public.quote_batches b where b.id = new.batch_id
  on conflict (batch_id, supplier_id) do nothing;
  return null;
end;
$$;

comment on function private.quotes_record_invitation() is
  'AFTER INSERT on quotes: a supplier answering a batch counts as invited to it (a representative created after the batch was sent).';

revoke all on function private.quotes_record_invitation() from public, anon, authenticated;

create trigger quotes_record_invitation
  after insert on public.quotes
  for each row execute function private.quotes_record_invitation();

-- Batches sent before this migration: the suppliers that answered, and those with a representative then.
insert into public.quote_batch_invitations (batch_id, supplier_id, invited_at)
select q.batch_id, q.supplier_id, coalesce(b.sent_at, q.created_at)
from public.quotes q join public.quote_batches b on b.id = q.batch_id
on conflict (batch_id, supplier_id) do nothing;

insert into public.quote_batch_invitations (batch_id, supplier_id, invited_at)
select b.id, sp.id, b.sent_at
from public.quote_batches b cross join public.suppliers sp
where b.sent_at is not null
  and exists (select 1 from public.profiles pr where pr.supplier_id = sp.id and pr.created_at <= b.sent_at)
on conflict (batch_id, supplier_id) do nothing;

-- ---------------------------------------------------------------------------
-- 3. Orders: the original promise, and what was counted on arrival

alter table public.purchase_orders add column promised_date date;

comment on column public.purchase_orders.promised_date is
  'The delivery date promised when the order was sent (its first delivery_date); later changes go to delivery_date and keep this one (on-time rate).';

create function private.purchase_orders_keep_promise()
returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.promised_date := new.delivery_date;
  else
    new.promised_date := coalesce(old.promised_date, new.delivery_date);
  end if;
  return new;
end;
$$;

comment on function private.purchase_orders_keep_promise() is
  'BEFORE INSERT OR UPDATE on purchase_orders: promised_date is the first delivery date the order had and never changes afterwards.';

revoke all on function private.purchase_orders_keep_promise() from public, anon, authenticated;

create trigger purchase_orders_keep_promise
  before insert or update on public.purchase_orders
  for each row execute function private.purchase_orders_keep_promise();

update public.purchase_orders o set promised_date = o.delivery_date where o.promised_date is null and o.delivery_date is not null;

alter table public.purchase_order_items
  add column received_quantity integer
    constraint purchase_order_items_received_quantity_check check (received_quantity >= 0);

comment on column public.purchase_order_items.received_quantity is
  'Units the receiving unit counted on arrival (null until received); fill rate = received ÷ ordered.';

-- Lines received before this migration: nobody counted, the order's quantity is the best record.
update public.purchase_order_items oi set received_quantity = oi.quantity
where oi.received_at is not null and oi.received_quantity is null;

-- ---------------------------------------------------------------------------
-- 4. Shortages: when they entered a batch

alter table public.shortages add column batched_at timestamptz;

comment on column public.shortages.batched_at is
  'When the shortage entered its current batch (null while it has none): registration → batch lead time.';

create function private.shortages_stamp_batch()
returns trigger
language plpgsql set search_path = '' as $$
declare
  v_api boolean := current_user in ('authenticated', 'anon', 'service_role');
begin
  if new.batch_id is null then
    new.batched_at := null;
  elsif tg_op = 'INSERT' then
    new.batched_at := case when v_api then now() else coalesce(new.batched_at, now()) end;
  elsif new.batch_id is distinct from old.batch_id then
    if v_api or new.batched_at is not distinct from old.batched_at then
      new.batched_at := now();
    end if;
  elsif v_api or new.batched_at is null then
    new.batched_at := coalesce(old.batched_at, now());
  end if;
  return new;
end;
$$;

comment on function private.shortages_stamp_batch() is
  'BEFORE INSERT OR UPDATE on shortages: batched_at is when the shortage entered its current batch; only the owner (seeds) may write a known past time.';

revoke all on function private.shortages_stamp_batch() from public, anon, authenticated;

create trigger shortages_stamp_batch
  before insert or update on public.shortages
  for each row execute function private.shortages_stamp_batch();

update public.shortages s set batched_at = b.created_at
from public.quote_batches b
where b.id = s.batch_id and s.batched_at is null;

-- ---------------------------------------------------------------------------
-- 5. The effective unit cost (domain notes §1.6, §9 item 1)

-- What one needed unit really costs with an offer: the buyer pays price × max(need, minimum)
-- (a minimum above the need forces an excess that is paid for and not needed), receives
-- need + bonus units, and pays at the term, discounted to today at the monthly cost of money:
--   effective = price × max(need, minimum) ÷ (1 + rate)^(term ÷ 30) ÷ (need + bonus)
-- Example (domain §1.6): 100 paid at R$ 10,00 + 10 free → R$ 9,09; at 60 days and 2 % a month → R$ 8,74.
-- Null when there is no price or no need.
create function private.effective_unit_cost(
  p_unit_price numeric,
  p_need integer,
  p_minimum integer,
  p_bonus integer,
  p_term_days integer,
  p_monthly_rate numeric
)
returns numeric
language sql immutable parallel safe set search_path = '' as $$
  select case
    when p_unit_price is null or coalesce(p_need, 0) <= 0 then null
    else round(
      p_unit_price * greatest(p_need, coalesce(p_minimum, 0))
        / power(1 + greatest(coalesce(p_monthly_rate, 0), 0), greatest(coalesce(p_term_days, 0), 0) / 30.0)
        / (p_need + greatest(coalesce(p_bonus, 0), 0)),
      4)
  end
$$;

comment on function private.effective_unit_cost(numeric, integer, integer, integer, integer, numeric) is
  'Cost of one needed unit: price × max(need, minimum), discounted by (1 + monthly rate)^(term/30), divided by need + bonus units; 4 decimals; null without price or need.';

revoke all on function private.effective_unit_cost(numeric, integer, integer, integer, integer, numeric) from public, anon;

grant execute on function private.effective_unit_cost(numeric, integer, integer, integer, integer, numeric) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- 6. Checks shared by the analysis RPCs

-- Spec §6, as the routes read it: an administrator, or a listed role holding every listed
-- permission. p_screen names the route: 'analise-cotacoes' (ADMIN_COMPRAS, REPRESENTANTE,
-- ANALISTA; VIEW_REPORTS), 'analise-faltas' (ANALISTA; VIEW_REPORTS), 'analise-dias-compras'
-- (ADMIN_COMPRAS, ANALISTA; VIEW_REPORTS), 'relatorio-compras' (ADMIN_COMPRAS, ANALISTA;
-- VIEW_REPORTS and MANAGE_ORDERS).
create function private.require_analysis_access(p_screen text)
returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  v_role text;
  v_roles text[];
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  if not private.has_access() then
    raise exception 'Você não tem permissão para ver esta análise' using errcode = '42501';
  end if;
  if private.is_admin() then
    return;
  end if;
  v_roles := case p_screen
    when 'analise-cotacoes' then array['ADMIN_COMPRAS', 'REPRESENTANTE', 'ANALISTA']
    when 'analise-faltas' then array['ANALISTA']
    when 'analise-dias-compras' then array['ADMIN_COMPRAS', 'ANALISTA']
    when 'relatorio-compras' then array['ADMIN_COMPRAS', 'ANALISTA']
  end;
  if v_roles is null then
    raise exception 'Análise desconhecida: %', coalesce(p_screen, 'nula') using errcode = '22023';
  end if;
  v_role := private.current_role_name();
  if not (v_role = any(v_roles) and private.has_permission('VIEW_REPORTS')
          and (p_screen <> 'relatorio-compras' or private.has_permission('MANAGE_ORDERS'))) then
    raise exception 'Você não tem permissão para ver esta análise' using errcode = '42501';
  end if;
end;
$$;

comment on function private.require_analysis_access(text) is
  'Raises 42501 unless the caller may open the analysis route p_screen (spec §6: ADMIN, or a listed role with every listed permission).';

revoke all on function private.require_analysis_access(text) from public, anon, authenticated;

grant execute on function private.require_analysis_access(text) to service_role;

-- A period is two São Paulo days, both given or both null (everything), from ≤ to, at most 3 years.
create function private.check_analysis_period(p_from date, p_to date)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if (p_from is null) <> (p_to is null) then
    raise exception 'Informe as duas datas do período, ou nenhuma' using errcode = '22023';
  end if;
  if p_from > p_to then
    raise exception 'Período inválido: a data inicial é posterior à final' using errcode = '22023';
  end if;
  if p_to - p_from > 1096 then
    raise exception 'Período longo demais: escolha até 3 anos' using errcode = '22023';
  end if;
end;
$$;

comment on function private.check_analysis_period(date, date) is
  'Raises 22023 for a half-given, inverted or longer than 3 years analysis period (dates are America/Sao_Paulo days).';

revoke all on function private.check_analysis_period(date, date) from public, anon, authenticated;

grant execute on function private.check_analysis_period(date, date) to service_role;

-- The buyer's monthly cost of money, a fraction (0.02 = 2 % a month): 0 to 0.20.
create function private.check_monthly_rate(p_rate numeric)
returns numeric
language plpgsql immutable set search_path = '' as $$
begin
  if p_rate is null then
    return 0.02;
  end if;
  if p_rate < 0 or p_rate > 0.20 then
    raise exception 'O custo do dinheiro deve estar entre 0 %% e 20 %% ao mês' using errcode = '22023';
  end if;
  return p_rate;
end;
$$;

comment on function private.check_monthly_rate(numeric) is
  'The monthly cost of money an analysis uses: null → 0.02 (2 % a month); outside 0–0.20 raises 22023.';

revoke all on function private.check_monthly_rate(numeric) from public, anon, authenticated;

grant execute on function private.check_monthly_rate(numeric) to service_role;
