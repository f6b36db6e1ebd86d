import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadClientConfig, type ClientConfig } from './lib/api';
import './app/styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

/** The boot configuration decides everything else (maintenance, demo users, client id), so load it first. */
loadClientConfig().then(
  (config: ClientConfig) => root.render(<App config={config} />),
  (error: unknown) => {
    console.error('[boot] client configuration failed', error);
    root.render(<App config={null} />);
  },
);
