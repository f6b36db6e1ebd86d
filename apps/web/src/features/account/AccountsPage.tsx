import { Button, Card, Descriptions } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { billingPortalUrl } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMe } from '../auth/queries';
import { getClientConfig } from '../../lib/api';
import { intlLocale } from '../../i18n/format';
import { currentLanguage } from '../../i18n/i18n';

/** Between a city and its region: the Arabic comma in Arabic. */
function listSeparator(): string {
  return currentLanguage() === 'ar' ? '، ' : ', ';
}

/** A country code (AE, SA) as its name in the interface language; anything else as it is. */
function countryName(country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([intlLocale()], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** Accounts Settings (Master Admin): the company's plan and the Billing Portal of its country. */
export default function AccountsPage() {
  const { t } = useTranslation('account');
  const me = useMe().data;
  if (!me) return null;
  const country = me.companyCountry ?? me.country;
  const portal = billingPortalUrl(country, getClientConfig().billingPortalBase);
  return (
    <>
      <PageHeader title={t('accounts.title')} description={t('accounts.description')} />
      <Card
        title={me.companyName ? <span dir="auto">{me.companyName}</span> : t('accounts.yourCompany')}
        extra={
          <Button
            type="primary"
            icon={<CreditCardOutlined />}
            href={portal}
            target="_blank"
            rel="noreferrer"
            data-testid="billing-portal"
          >
            {t('accounts.billingPortal')}
          </Button>
        }
      >
        <Descriptions column={{ xs: 1, sm: 2 }} colon={false} labelStyle={{ color: '#64748b' }}>
          <Descriptions.Item label={t('accounts.package')}>
            <span dir="auto">{me.package ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('accounts.companyType')}>
            <span dir="auto">{me.companyType ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('accounts.city')}>
            <span dir="auto">{[me.companyCity, me.companyState].filter(Boolean).join(listSeparator()) || '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('accounts.country')}>
            <span dir="auto">{country ? countryName(country) : '—'}</span>
          </Descriptions.Item>
        </Descriptions>
        <p style={{ color: '#64748b', marginBottom: 0 }}>{t('accounts.portalNote')}</p>
      </Card>
    </>
  );
}
