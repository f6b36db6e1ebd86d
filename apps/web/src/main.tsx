import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/App';
import { loadClientConfig, type ClientConfig } from './lib/api';
import './app/styles.css';

// The server's CSP allows no eval, and zod's probe for it (a caught `new Function`) is still reported as
// a violation: zod runs without its compiled parsers. Set here, in the entry, before any schema parses
// (only zod's small config module comes with it: the schemas load with the screens that use them).
zodConfig({ jitless: true });

const root = createRoot(document.getElementById('root') as HTMLElement);

/** The boot configuration decides everything else (maintenance, demo users, client id), so load it first. */
loadClientConfig().then(
  (config: ClientConfig) => root.render(<App config={config} />),
  (error: unknown) => {
    console.error('[boot] client configuration failed', error);
    root.render(<App config={null} />);
  },
);
