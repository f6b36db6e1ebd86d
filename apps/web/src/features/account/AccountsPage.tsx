import { Button, Card, Descriptions } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { billingPortalUrl } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMe } from '../auth/queries';
import { getClientConfig } from '../../lib/api';

/** Accounts Settings (Master Admin): the company's plan and the Billing Portal of its country. */
export default function AccountsPage() {
  const me = useMe().data;
  if (!me) return null;
  const country = me.companyCountry ?? me.country;
  const portal = billingPortalUrl(country, getClientConfig().billingPortalBase);
  return (
    <>
      <PageHeader title="Accounts Settings" description="Your company's plan, invoices and payment details." />
      <Card
        title={me.companyName ?? 'Your company'}
        extra={
          <Button
            type="primary"
            icon={<CreditCardOutlined />}
            href={portal}
            target="_blank"
            rel="noreferrer"
            data-testid="billing-portal"
          >
            Billing Portal
          </Button>
        }
      >
        <Descriptions column={{ xs: 1, sm: 2 }} colon={false} labelStyle={{ color: '#64748b' }}>
          <Descriptions.Item label="Package">{me.package ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Company type">{me.companyType ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="City">
            {[me.companyCity, me.companyState].filter(Boolean).join(', ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Country">{country ?? '—'}</Descriptions.Item>
        </Descriptions>
        <p style={{ color: '#64748b', marginBottom: 0 }}>
          Invoices, payment methods and plan changes are handled in the Billing Portal for your country.
        </p>
      </Card>
    </>
  );
}
