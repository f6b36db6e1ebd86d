import { lazy, Suspense } from 'react';
import type { AlertProps } from 'antd';

const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

/**
 * Starts loading the notice's chunk, so it is in by the time an answer needs it (the sign-in form
 * calls this when it sends).
 */
export function preloadAuthNotice(): void {
  void loadAlert().catch(() => undefined);
}

/**
 * antd's Alert, loaded when a notice is first shown: /signin shows none until an attempt fails, and
 * the Alert with its three status icons is 3.5 kB of its 150 kB budget (bench/RESULTS.md).
 */
export function AuthNotice(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
