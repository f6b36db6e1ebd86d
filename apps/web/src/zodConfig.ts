import { config } from 'zod';

// The server's CSP allows no eval, and zod's probe for it (a caught `new Function`) is still reported
// as a violation: run zod without its compiled parsers. Imported first, before any schema is built.
config({ jitless: true });
