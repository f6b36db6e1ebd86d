import { ShopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../ui/PageHeader';
import { StateBox } from './StatePages';

/**
 * A company page (reviews, dashboard, reports, settings) opened by an Owner who acts for no company:
 * the data belongs to a company, so the page says where to choose one instead of asking the API for
 * data it refuses (each refusal also cost a token refresh).
 */
export function ChooseCompanyPage({ title }: { title: string }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={title} />
      <StateBox
        inShell
        top={
          <div className="state-icon">
            <ShopOutlined />
          </div>
        }
        title={t('chooseCompany.title')}
        text={t('chooseCompany.text')}
        action={
          <Button type="primary" onClick={() => navigate('/admin_panel/companies')} data-testid="choose-company">
            {t('chooseCompany.action')}
          </Button>
        }
      />
    </>
  );
}
