-- Row level security at scale. Written plainly, `current_user_role() = 'ENGINEER'` and
-- `auth.uid()` in a policy are evaluated once per candidate row: a pull page over 50,000 tickets
-- then costs seconds. Wrapped as `(select current_user_role())` they become init-plans, evaluated
-- once per statement (Supabase's own advice for RLS performance), and the planner can use the
-- (updated_at, id) and assignee indexes. The meaning of every policy is unchanged.
--
-- Rewrites every policy in schema public in place; a test checks none is left unwrapped.

do $$
declare
  p record;
  new_qual text;
  new_check text;
begin
  for p in
    select tablename, policyname, qual, with_check from pg_policies where schemaname = 'public'
  loop
    new_qual := replace(replace(p.qual, 'current_user_role()', '(select public.current_user_role())'),
                        'auth.uid()', '(select auth.uid())');
    new_check := replace(replace(p.with_check, 'current_user_role()', '(select public.current_user_role())'),
                         'auth.uid()', '(select auth.uid())');
    if new_qual is distinct from p.qual then
      execute format('alter policy %I on public.%I using (%s)', p.policyname, p.tablename, new_qual);
    end if;
    if new_check is distinct from p.with_check then
      execute format('alter policy %I on public.%I with check (%s)', p.policyname, p.tablename, new_check);
    end if;
  end loop;
end
$$;
