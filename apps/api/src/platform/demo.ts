/** The demo accounts of the seeded data set (spec 000 "preset development users"); all share one password. */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { email: 'owner@reputo.test', role: 'Owner' },
  { email: 'partner@reputo.test', role: 'Partner' },
  { email: 'admin@reputo.test', role: 'Master Admin' },
  { email: 'manager@reputo.test', role: 'Manager' },
  { email: 'responder@reputo.test', role: 'Responder' },
  { email: 'analyst@reputo.test', role: 'Analyst' },
] as const;
