-- Issue 28, speed: the analyses are planned for the period each call asks for.
--
-- PL/pgSQL functions, and since PostgreSQL 18 SQL functions too, keep the plans of their queries
-- for the session; after five calls the plan cache may switch a query to a generic plan, made
-- without the arguments' values (the period, the unit, the supplier…). PostgREST reuses its
-- connections, so an analysis became slower after its fifth call on a connection: measured on the
-- bench's 2,000-batch history, get_purchase_report over the whole history took 0.67 s for its first
-- five calls and 1.2–1.3 s from the sixth on (the generic plan cannot see that a null period is
-- everything, nor how many batches a period holds). Planning these queries takes a few milliseconds;
-- running them, hundreds: each call plans with its own arguments (plan_cache_mode, per function).
-- Functions with a single-row or argument-free query (the order drill-down, the filter options, the
-- access and period checks) keep the default.

alter function public.get_quote_analysis(date, date, uuid, uuid, uuid, uuid, numeric, integer)
  set plan_cache_mode = force_custom_plan;
alter function private.quote_analysis_all(date, date, uuid, uuid, uuid, uuid, numeric, integer)
  set plan_cache_mode = force_custom_plan;
alter function private.quote_analysis_supplier(uuid, date, date, uuid, uuid, uuid)
  set plan_cache_mode = force_custom_plan;
alter function private.quote_analysis_rows(date, date, uuid, uuid, uuid, numeric)
  set plan_cache_mode = force_custom_plan;
alter function public.get_quote_matrix(date, date, uuid, uuid, uuid, uuid, numeric)
  set plan_cache_mode = force_custom_plan;
alter function private.last_prices_paid(uuid[], timestamptz[])
  set plan_cache_mode = force_custom_plan;
alter function public.get_purchase_report(date, date, uuid, uuid, uuid, integer)
  set plan_cache_mode = force_custom_plan;
alter function private.purchase_report_lines(date, date, uuid, uuid, uuid, uuid)
  set plan_cache_mode = force_custom_plan;
alter function public.get_shortage_analysis(date, date, uuid, uuid, uuid, integer)
  set plan_cache_mode = force_custom_plan;
alter function public.get_purchase_days_analysis(date, date, uuid, uuid, uuid, uuid)
  set plan_cache_mode = force_custom_plan;
alter function public.get_supplier_win_rates(date, date)
  set plan_cache_mode = force_custom_plan;
alter function public.get_winning_items(date, date)
  set plan_cache_mode = force_custom_plan;
