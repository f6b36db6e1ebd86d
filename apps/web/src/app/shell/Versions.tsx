import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

interface VersionReply {
  version: string;
  build: string;
}

/** App and API versions at the foot of the sidebar; a failed version call is only logged (by the client). */
export function Versions({ compact }: { compact: boolean }) {
  const { t } = useTranslation('app');
  const { data } = useQuery({
    queryKey: ['version'],
    queryFn: () => api<VersionReply>('/version', { auth: false }),
    staleTime: Infinity,
    retry: false,
  });
  const apiVersion = data ? `${data.version}${data.build && data.build !== 'dev' ? ` (${data.build})` : ''}` : '…';
  if (compact)
    return (
      <div title={t('versions.compact', { app: __APP_VERSION__, api: apiVersion })} dir="ltr">
        {`v${__APP_VERSION__}`}
      </div>
    );
  return (
    <div data-testid="versions">
      <div>{t('versions.app', { version: __APP_VERSION__ })}</div>
      <div>{t('versions.api', { version: apiVersion })}</div>
    </div>
  );
}
