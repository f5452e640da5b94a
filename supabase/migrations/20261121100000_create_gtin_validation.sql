-- Barcode (GTIN) validation helpers for the product registry, and pg_trgm for
-- product-name search. Helpers live in the non-exposed schema `private`.

create schema if not exists private;
create extension if not exists pg_trgm with schema extensions;

-- Check digit of a GTIN body (the code without its last digit): weights 3,1,3,...
-- from the right, dv = (10 - sum mod 10) mod 10. Null when the body is not digits.
create or replace function private.gtin_check_digit(p_body text)
returns integer
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select case
    when p_body !~ '^[0-9]+$' then null
    else (10 - (
      select sum(substr(p_body, length(p_body) - i + 1, 1)::integer * case when i % 2 = 1 then 3 else 1 end)
      from generate_series(1, length(p_body)) as i
    ) % 10) % 10
  end
$$;

comment on function private.gtin_check_digit(text) is
  'GTIN check digit for the given body (code without its check digit); null when the body is not all digits.';

-- A barcode is valid when it is 1 to 14 digits and, for the GTIN lengths
-- (8, 12, 13, 14), its last digit is the GTIN check digit of the rest.
create or replace function private.is_valid_gtin(p_code text)
returns boolean
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select p_code ~ '^[0-9]{1,14}$'
    and (
      length(p_code) not in (8, 12, 13, 14)
      or right(p_code, 1)::integer = private.gtin_check_digit(left(p_code, length(p_code) - 1))
    )
$$;

comment on function private.is_valid_gtin(text) is
  'True when the code is 1-14 digits and, for GTIN-8/12/13/14 lengths, carries a correct check digit.';

revoke all on function private.gtin_check_digit(text) from public;
revoke all on function private.is_valid_gtin(text) from public;
grant usage on schema private to service_role;
grant execute on function private.gtin_check_digit(text) to authenticated, service_role;
grant execute on function private.is_valid_gtin(text) to authenticated, service_role;
