import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadClientConfig, type ClientConfig } from './lib/api';
import { digitsFormatter } from './i18n/format';
import { currentLanguage, initI18n } from './i18n/i18n';
import { preloadLocale } from './i18n/useDirection';
import { makeZodJitless } from './lib/zodJitless';
import './app/styles.css';

// Before any schema parses (lib/zodJitless.ts says why).
makeZodJitless();

const root = createRoot(document.getElementById('root') as HTMLElement);

// The shell's catalogues load beside the boot configuration, so the first paint is in the user's language.
// antd's texts of that language come before the first paint as well.
const i18nReady = initI18n(undefined, digitsFormatter)
  .then(() => preloadLocale(currentLanguage()))
  .catch((error: unknown) => console.error('[boot] translations failed', error));
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
