-- Storage for service photos (issue 20): the private bucket the engineer's photos of the work go
-- to, named '<tickets|installations>/<id>/<photo id>.<ext>'. Its storage.objects policies are in
-- 20261123000002_policies.sql with the others; hosted Supabase provides the storage schema, the
-- local server's bootstrap (server/db/supabase-bootstrap.sql) its stand-in.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('service-photos', 'service-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;
