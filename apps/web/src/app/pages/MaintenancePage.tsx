import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StateBox } from './StatePages';

/** Shown instead of the app while the server is in maintenance (App.tsx loads it only then). */
export default function MaintenancePage() {
  const { t } = useTranslation('app');
  return (
    <StateBox
      top={
        <div className="state-icon">
          <ToolOutlined />
        </div>
      }
      title={t('maintenance.title')}
      text={t('maintenance.text')}
    />
  );
}
