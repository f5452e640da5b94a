-- Table-wide write grants let a signed-in user send any column in a PATCH: row
-- ids, link keys, owners and timestamps. Row-level security then decided only
-- *which rows* could change, and a few triggers quietly put some of those
-- columns back (quotes, purchase orders), so a forged write "succeeded" without
-- saying it had been ignored. From here on a column is updatable through the
-- API only if a screen edits it; everything else is refused up front with
-- 42501 (permission denied) and changes nothing. Security-definer RPCs are not
-- affected: they run as their owner.
--
-- Shortages, quote batches and profiles carry row-state rules of their own and
-- are narrowed in their own migrations. The attacker suite
-- (tests/integration/security/attacker-catalog.test.ts) reads these grants from
-- the catalogue and fails on any updatable column it has no plan for.

-- Reference data edited by its managers: the descriptive columns only.
revoke update on table public.categories from authenticated;
grant update (name, description) on table public.categories to authenticated;

revoke update on table public.products from authenticated;
grant update (barcode, name, description) on table public.products to authenticated;

revoke update on table public.store_units from authenticated;
grant update (name, address) on table public.store_units to authenticated;

revoke update on table public.suppliers from authenticated;
grant update (name, cnpj) on table public.suppliers to authenticated;

-- Roles: a role keeps its id; permissions keep their id and name (role_permissions
-- refers to a permission by name, so a rename would orphan every grant of it).
revoke update on table public.custom_roles from authenticated;
grant update (name, description, is_admin) on table public.custom_roles to authenticated;

revoke update on table public.permissions from authenticated;
grant update (description, category, menu_items) on table public.permissions to authenticated;

-- Link tables are rows of two keys: change one by deleting and inserting, so the
-- insert policies (which check both ends) always apply.
revoke update on table public.product_categories from authenticated;
revoke update on table public.role_menu_paths from authenticated;
revoke update on table public.role_permissions from authenticated;
revoke update on table public.user_permissions from authenticated;

-- A user's role is one row per user: changing it is an update of role_id only.
revoke update on table public.user_roles from authenticated;
grant update (role_id) on table public.user_roles to authenticated;

revoke update on table public.role_homepage_actions from authenticated;
grant update (visible) on table public.role_homepage_actions to authenticated;

-- Purchasing. Quotes change only through submit_quote / the winner selection
-- RPCs; a representative edits the prices of their own open quote's items; the
-- buyer moves an order's status and delivery date. Ids, links, winners and
-- totals belong to the RPCs and triggers.
revoke update on table public.quotes from authenticated;

revoke update on table public.quote_items from authenticated;
grant update (
  unit_price, minimum_quantity, wants_substitute, substitute_product_name, substitute_manufacturer,
  has_bonus, bonus_product_name, bonus_manufacturer, bonus_expiry_date, bonus_quantity
) on table public.quote_items to authenticated;

revoke update on table public.purchase_orders from authenticated;
grant update (status, delivery_date) on table public.purchase_orders to authenticated;

revoke update on table public.purchase_order_items from authenticated;

-- Inserts: who made a quote, and its status and selection, are the server's. A
-- representative (or buyer) names only the batch and the supplier; quote items
-- name their quote and shortage and carry prices. Quotes made by the RPCs
-- (get_or_create_quote, security definer) are not affected.
revoke insert on table public.quotes from authenticated;
grant insert (batch_id, supplier_id) on table public.quotes to authenticated;

revoke insert on table public.quote_items from authenticated;
grant insert (
  quote_id, shortage_id,
  unit_price, minimum_quantity, wants_substitute, substitute_product_name, substitute_manufacturer,
  has_bonus, bonus_product_name, bonus_manufacturer, bonus_expiry_date, bonus_quantity
) on table public.quote_items to authenticated;

-- An import run is recorded by the import RPCs, which run as the caller and name
-- the caller as its author. It used to overwrite a different created_by quietly;
-- now a run in someone else's name is refused, so a forged history entry fails
-- loudly instead of being rewritten behind the caller's back.
create or replace function private.import_runs_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if auth.uid() is not null and new.created_by is distinct from auth.uid() then
    raise exception 'A importação é registrada em nome de quem a executa' using errcode = '42501';
  end if;
  new.created_at := now();
  return new;
end;
$$;
