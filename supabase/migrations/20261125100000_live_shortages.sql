-- Live shortage lists. A shortage another clerk of the unit registers, and the status changes a
-- buyer's batch actions cause, reach every open /lancamento and purchasing screen without a reload.
-- Realtime sends INSERT and UPDATE events only to subscribers whose RLS lets them select the row (a
-- clerk hears of their own unit's shortages only) and DELETE events as the bare primary key; the
-- screens never read a payload, an event only tells them to read again through RLS.
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.shortages;
  end if;
end;
$$;
