-- Purchasing cycle, part 2: quotes (one per supplier per batch) and their items
-- (one per shortage of the batch).
--
-- Sealed bids: a representative reads and writes only the quotes of the supplier
-- on their own profile; buyers read and change everything. A representative
-- edits items only while the quote is EM_ANDAMENTO and the batch EM_COTACAO, and
-- never decides winners (is_winner, VENCEDORA/PERDEDORA are set by
-- select_winning_quotes_native).

create table public.quotes (
  id uuid primary key default gen_random_uuid(),
  batch_id uuid not null references public.quote_batches (id) on delete cascade,
  supplier_id uuid not null references public.suppliers (id) on delete restrict,
  status text not null default 'EM_ANDAMENTO'
    constraint quotes_status_check check (status in ('EM_ANDAMENTO', 'ENVIADA', 'VENCEDORA', 'PERDEDORA')),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  selected boolean not null default false,
  constraint quotes_batch_supplier_key unique (batch_id, supplier_id)
);
comment on table public.quotes is 'A supplier''s answer to a quote batch (one per supplier per batch); status EM_ANDAMENTO → ENVIADA → VENCEDORA/PERDEDORA.';

create index quotes_supplier_id_idx on public.quotes (supplier_id, status);
create index quotes_created_by_idx on public.quotes (created_by);

create table public.quote_items (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references public.quotes (id) on delete cascade,
  shortage_id uuid not null references public.shortages (id) on delete restrict,
  unit_price numeric(12, 4) constraint quote_items_unit_price_check check (unit_price >= 0),
  minimum_quantity integer constraint quote_items_minimum_quantity_check check (minimum_quantity >= 0),
  is_winner boolean not null default false,
  wants_substitute boolean not null default false,
  substitute_product_name text,
  substitute_manufacturer text,
  has_bonus boolean not null default false,
  bonus_product_name text,
  bonus_manufacturer text,
  bonus_expiry_date date,
  bonus_quantity integer not null default 1 constraint quote_items_bonus_quantity_check check (bonus_quantity > 0),
  updated_at timestamptz not null default now(),
  constraint quote_items_quote_shortage_key unique (quote_id, shortage_id)
);
comment on table public.quote_items is 'Price of one shortage in one quote: unit price, minimum quantity, optional substitute and bonus; is_winner set on award.';

create index quote_items_shortage_id_idx on public.quote_items (shortage_id);

-- Helpers (security definer: they read rows RLS may hide from the caller).

-- The quote belongs to the caller's supplier, is EM_ANDAMENTO and its batch EM_COTACAO.
create function private.can_edit_quote(p_quote_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.quotes q
    join public.quote_batches b on b.id = q.batch_id
    where q.id = p_quote_id
      and q.supplier_id = private.current_supplier_id()
      and q.status = 'EM_ANDAMENTO'
      and b.status = 'EM_COTACAO'
  ) and private.has_permission('MANAGE_QUOTES');
end;
$$;
comment on function private.can_edit_quote(uuid) is 'True when the caller''s supplier owns the quote, it is EM_ANDAMENTO and its batch EM_COTACAO.';

-- A representative may open a quote on a batch that is EM_COTACAO.
create function private.batch_open_for_quotes(p_batch_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.quote_batches b where b.id = p_batch_id and b.status = 'EM_COTACAO');
end;
$$;
comment on function private.batch_open_for_quotes(uuid) is 'True when the batch is EM_COTACAO.';

-- Quote bookkeeping: creator from the JWT, fixed identity columns, and the only
-- status change a representative may make by hand (EM_ANDAMENTO → ENVIADA).
create function private.quotes_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_trusted boolean := auth.uid() is null or private.is_buyer();
begin
  if tg_op = 'INSERT' then
    new.created_by := coalesce(auth.uid(), new.created_by);
    if auth.uid() is not null then
      new.created_at := now();
      new.updated_at := now();
    end if;
    if not v_trusted then
      new.status := 'EM_ANDAMENTO';
      new.selected := false;
    end if;
    return new;
  end if;
  new.id := old.id;
  new.batch_id := old.batch_id;
  new.supplier_id := old.supplier_id;
  new.created_by := old.created_by;
  new.created_at := old.created_at;
  new.updated_at := now();
  if not v_trusted then
    new.selected := old.selected;
    if new.status is distinct from old.status
       and not (old.status = 'EM_ANDAMENTO' and new.status = 'ENVIADA') then
      raise exception 'Apenas o comprador pode alterar o resultado da cotação' using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;
comment on function private.quotes_before_write() is 'BEFORE INSERT/UPDATE on quotes: creator from the JWT, immutable identity, representatives only submit.';

create trigger quotes_before_write
  before insert or update on public.quotes
  for each row execute function private.quotes_before_write();

-- Item bookkeeping: the shortage must belong to the quote's batch; identity is
-- fixed; only buyers (or trusted loaders) set is_winner.
create function private.quote_items_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_trusted boolean := auth.uid() is null or private.is_buyer();
begin
  if tg_op = 'INSERT' then
    if not exists (
      select 1 from public.quotes q join public.shortages s on s.batch_id = q.batch_id
      where q.id = new.quote_id and s.id = new.shortage_id
    ) then
      raise exception 'A falta não pertence ao lote desta cotação' using errcode = '23514';
    end if;
    if not v_trusted then
      new.is_winner := false;
    end if;
  else
    new.id := old.id;
    new.quote_id := old.quote_id;
    new.shortage_id := old.shortage_id;
    if not v_trusted then
      new.is_winner := old.is_winner;
    end if;
  end if;
  new.updated_at := now();
  return new;
end;
$$;
comment on function private.quote_items_before_write() is 'BEFORE INSERT/UPDATE on quote_items: shortage in the quote''s batch, immutable identity, is_winner reserved to buyers.';

create trigger quote_items_before_write
  before insert or update on public.quote_items
  for each row execute function private.quote_items_before_write();

revoke execute on function
  private.can_edit_quote(uuid),
  private.batch_open_for_quotes(uuid),
  private.quotes_before_write(),
  private.quote_items_before_write()
from public, anon;
grant execute on function private.can_edit_quote(uuid), private.batch_open_for_quotes(uuid) to authenticated, service_role;

alter table public.quotes enable row level security;
alter table public.quote_items enable row level security;

revoke all on table public.quotes, public.quote_items from anon, authenticated;
grant select, insert, update, delete on table public.quotes, public.quote_items to authenticated;
grant all on table public.quotes, public.quote_items to service_role;

create policy quotes_select on public.quotes
  for select to authenticated
  using (
    (select private.is_buyer())
    or supplier_id = (select private.current_supplier_id())
  );

create policy quotes_insert on public.quotes
  for insert to authenticated
  with check (
    (select private.is_buyer())
    or (
      (select private.is_representative())
      and supplier_id = (select private.current_supplier_id())
      and private.batch_open_for_quotes(batch_id)
    )
  );

create policy quotes_update on public.quotes
  for update to authenticated
  using ((select private.is_buyer()) or private.can_edit_quote(id))
  with check (
    (select private.is_buyer())
    or (supplier_id = (select private.current_supplier_id()) and status in ('EM_ANDAMENTO', 'ENVIADA'))
  );

create policy quotes_delete on public.quotes
  for delete to authenticated
  using (
    status = 'EM_ANDAMENTO'
    and ((select private.is_buyer()) or private.can_edit_quote(id))
  );

create policy quote_items_select on public.quote_items
  for select to authenticated
  using (
    (select private.is_buyer())
    or quote_id in (select q.id from public.quotes q where q.supplier_id = (select private.current_supplier_id()))
  );

create policy quote_items_insert on public.quote_items
  for insert to authenticated
  with check ((select private.is_buyer()) or private.can_edit_quote(quote_id));

create policy quote_items_update on public.quote_items
  for update to authenticated
  using ((select private.is_buyer()) or private.can_edit_quote(quote_id))
  with check ((select private.is_buyer()) or private.can_edit_quote(quote_id));

create policy quote_items_delete on public.quote_items
  for delete to authenticated
  using ((select private.is_buyer()) or private.can_edit_quote(quote_id));
