import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { session } from '../../lib/session';

/** The stored acting-as context was refused: offer the way back to the user's own account. */
export function ActingErrorPage() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('app');
  const leave = () => {
    session.setActing({});
    queryClient.clear();
  };
  return (
    <div className="state-page">
      <div className="state-box">
        <div className="state-code">403</div>
        <h1>{t('actingError.title')}</h1>
        <p>{t('actingError.text')}</p>
        <Button type="primary" onClick={leave}>
          {t('actingError.back')}
        </Button>
      </div>
    </div>
  );
}
