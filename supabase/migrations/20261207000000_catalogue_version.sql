-- The catalogue's version: a number that changes whenever anything the catalogue screen reads changes.
--
-- /produtos reads every product with its group (50,000 products: 51 pages of 1000, spec §9), about 1.5 s on a
-- counter PC. The screen keeps the last catalogue it read in the browser (IndexedDB, per user) with the version it
-- read it under, and shows it again only when get_catalogue_version() still answers that version; otherwise it reads
-- the pages again. So the version must move with every committed change to products, their groups
-- (product_categories) and the groups' names (categories), and never before the change is visible:
--   * statement-level triggers (one bump per statement, however many rows; TRUNCATE included) update a counter
--     row inside the writing transaction, so the new number becomes visible when, and only when, the change commits
--     (a sequence would show its new value before the commit, and a reader could cache old rows under it);
--   * the screen asks for the version before it reads the pages: a change committed in between leaves the cache
--     under the older number, and the next visit reads again (never the other way round).
-- Writers of the catalogue queue on the counter row for the rest of their transaction; catalogue writes are rare
-- (a product edited, an import), and one import is one statement per table.

create table private.catalogue_version (
  singleton boolean primary key default true check (singleton),
  version bigint not null default 1
);

comment on table private.catalogue_version is
  'One row: the catalogue''s version (products, product_categories, categories), bumped by statement triggers in the writing transaction.';

insert into private.catalogue_version (singleton, version) values (true, 1);

alter table private.catalogue_version enable row level security;
revoke all on table private.catalogue_version from public, anon, authenticated;

create function private.bump_catalogue_version()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.catalogue_version set version = version + 1 where singleton;
  return null;
end;
$$;

comment on function private.bump_catalogue_version() is
  'Statement trigger of products, product_categories and categories: the catalogue changed, its version moves (visible at commit).';

revoke execute on function private.bump_catalogue_version() from public, anon, authenticated;

create trigger products_catalogue_version
  after insert or update or delete on public.products
  for each statement execute function private.bump_catalogue_version();
create trigger products_catalogue_version_truncate
  after truncate on public.products
  for each statement execute function private.bump_catalogue_version();

create trigger product_categories_catalogue_version
  after insert or update or delete on public.product_categories
  for each statement execute function private.bump_catalogue_version();
create trigger product_categories_catalogue_version_truncate
  after truncate on public.product_categories
  for each statement execute function private.bump_catalogue_version();

create trigger categories_catalogue_version
  after insert or update or delete on public.categories
  for each statement execute function private.bump_catalogue_version();
create trigger categories_catalogue_version_truncate
  after truncate on public.categories
  for each statement execute function private.bump_catalogue_version();

-- Who may read the products (products_select: private.has_access(), an active account with a role) may read their
-- version; anyone else gets null, and a disabled account's cached catalogue is never shown again.
create function public.get_catalogue_version()
returns bigint
language sql stable security definer set search_path = '' as $$
  select v.version from private.catalogue_version v where v.singleton and (select private.has_access());
$$;

comment on function public.get_catalogue_version() is
  'The catalogue''s version (moves with every committed change to products, product_categories or categories); null for a caller who may not read the products.';

revoke execute on function public.get_catalogue_version() from public, anon;
grant execute on function public.get_catalogue_version() to authenticated;
