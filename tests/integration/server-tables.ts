// The eight domain tables of the public schema, spelled out on their own (not derived from the
// app's code) so that the schema, seed and RLS suites check the database against a fixed list.
export const SERVER_TABLES = [
  'users',
  'chairs',
  'parts',
  'support_tickets',
  'training_resources',
  'part_requests',
  'service_requests',
  'installations',
] as const;
