import { config } from 'zod/v4';

// The web build resolves `zod` to this module (vite.config.ts), so zod is configured before any
// schema is built, and only where schemas are: the entry (and /signin) no longer carries zod.
// The server's CSP allows no eval, and zod's probe for it (a caught `new Function`) is still reported
// as a violation: run zod without its compiled parsers.
config({ jitless: true });

export * from 'zod/v4';
