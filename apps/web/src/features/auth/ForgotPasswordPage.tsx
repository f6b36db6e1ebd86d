import { Alert, Button, Form, Input } from 'antd';
import { ArrowLeftOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Link } from '../../lib/Link';
import { useTranslation } from 'react-i18next';
import { MSG } from '@reputo/core';
import { translateMessage } from '../../i18n/messages';
import { ApiError } from '../../lib/api';
import { signInEmailRules } from '../../lib/rules';
import { sendRecoveryMail } from './api';
import { AuthLayout } from './AuthLayout';

/** The spec's failure text for an unknown email; other failures (rate limit, network) say what happened. */
function failureText(error: Error): string {
  return error instanceof ApiError && error.status !== 404 ? error.message : translateMessage(MSG.noUserWithEmail);
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const send = useMutation({ mutationFn: ({ email }: { email: string }) => sendRecoveryMail(email) });
  return (
    <AuthLayout>
      <h2>{t('forgot.title')}</h2>
      <p className="sub">{t('forgot.subtitle')}</p>
      {send.isSuccess && (
        <Alert
          className="auth-notice"
          type="success"
          showIcon
          title={translateMessage(MSG.recoveryLinkSent)}
          data-testid="notice"
        />
      )}
      {send.isError && (
        <Alert className="auth-notice" type="error" showIcon title={failureText(send.error)} data-testid="notice" />
      )}
      <Form
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(v: { email: string }) => send.mutate(v)}
        name="forgot"
      >
        <Form.Item label={t('fields.email')} name="email" rules={signInEmailRules}>
          <Input prefix={<MailOutlined />} placeholder={t('fields.emailPlaceholder')} autoComplete="username" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={send.isPending}>
          {t('forgot.submit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <Link to="/signin">
          <ArrowLeftOutlined className="mirror-rtl" /> {t('backToSignIn')}
        </Link>
      </div>
    </AuthLayout>
  );
}
