import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/App';
import { loadClientConfig, type ClientConfig } from './lib/api';
import { digitsFormatter } from './i18n/format';
import { initI18n } from './i18n/i18n';
import './app/styles.css';

// The server's CSP allows no eval, and zod's probe for it (a caught `new Function`) is still reported as
// a violation: zod runs without its compiled parsers. Set here, in the entry, before any schema parses
// (only zod's small config module comes with it: the schemas load with the screens that use them).
zodConfig({ jitless: true });

const root = createRoot(document.getElementById('root') as HTMLElement);

// The shell's catalogues load beside the boot configuration, so the first paint is in the user's language.
const i18nReady = initI18n(undefined, digitsFormatter).catch((error: unknown) =>
  console.error('[boot] translations failed', error),
);
/** The boot configuration decides everything else (maintenance, demo users, client id), so load it first. */
loadClientConfig().then(
  async (config: ClientConfig) => {
    await i18nReady;
    root.render(<App config={config} />);
  },
  async (error: unknown) => {
    console.error('[boot] client configuration failed', error);
    await i18nReady;
    root.render(<App config={null} />);
  },
);
