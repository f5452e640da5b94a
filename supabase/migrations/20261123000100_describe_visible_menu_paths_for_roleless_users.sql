-- Since 20261121910200 a user without a user_roles row has no role id (no
-- longer the BALCONISTA role's), so get_visible_menu_paths(null) returns no
-- rows for them. The SQL comments of the earlier migrations still describe the
-- old fallback; the database's own description now states the current rule.

comment on function public.get_visible_menu_paths(uuid) is
  'Sidebar paths configured for a role; no rows means every permitted item is visible. A null role_id means the caller''s own role (user_roles); a caller without a role row gets no rows.';
