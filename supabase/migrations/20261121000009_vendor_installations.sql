-- Vendor operations managers oversee the engineers' work, installations included (the completed
-- checklist and the customer's acceptance): they read every installation. Nobody but the
-- installing engineer (through installation.complete) and admins writes them.
create policy installations_select_vendor on public.installations for select to authenticated
  using ((select public.current_user_role()) = 'VENDOR');
