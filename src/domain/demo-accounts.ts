// LOCAL DEMO CREDENTIALS. The four accounts the local server seeds on its first start (one per
// role), shown in the sign-in screen's demo box and printed by `npm start`. They exist only in the
// local stand-in's demo data set (skip it with DEMO_DATA=0); a hosted project never has them.

/** A role that has a demo account. */
export type DemoRole = 'CUSTOMER' | 'ADMIN' | 'ENGINEER' | 'VENDOR';

/** One local demo sign-in. */
export interface DemoAccount {
  role: DemoRole;
  name: string;
  email: string;
  /** Local demo password, public in this repository. */
  password: string;
}

/** The demo customer's practice, as seeded. */
export const DEMO_PRACTICE_NAME = 'Riverside Dental Care';

/** Local demo accounts, one per role, in the order the sign-in screen lists them. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'CUSTOMER',
    name: 'Dr. Sarah Mitchell',
    email: 'customer@demo.chairside.app',
    password: 'customer123',
  },
  { role: 'ADMIN', name: 'Helen Brooks', email: 'admin@demo.chairside.app', password: 'admin123' },
  {
    role: 'ENGINEER',
    name: 'James Carter',
    email: 'engineer@demo.chairside.app',
    password: 'engineer123',
  },
  {
    role: 'VENDOR',
    name: 'Oliver Grant',
    email: 'vendor@demo.chairside.app',
    password: 'vendor123',
  },
];

/** The demo account of a role. */
export function demoAccount(role: DemoRole): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account for ${role}`);
  return account;
}
