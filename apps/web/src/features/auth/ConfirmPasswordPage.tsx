import { Alert, Button, Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../lib/Link';
import { useTranslation } from 'react-i18next';
import { MSG } from '@reputo/core';
import { translateMessage } from '../../i18n/messages';
import { storage } from '../../lib/storage';
import { setRecoveredPassword } from './api';
import { AuthLayout } from './AuthLayout';
import { PasswordFields } from './PasswordFields';

export default function ConfirmPasswordPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: ({ password }: { password: string }) => setRecoveredPassword(token, password),
    onSuccess: () => {
      storage.setFlag('passwordRecovered');
      navigate('/signin', { replace: true });
    },
  });
  return (
    <AuthLayout>
      <h2>{t('confirm.title')}</h2>
      <p className="sub">{t('confirm.subtitle')}</p>
      {save.isError && (
        <Alert
          className="auth-notice"
          type="error"
          showIcon
          title={translateMessage(MSG.noUserWithEmail)}
          data-testid="notice"
        />
      )}
      <Form
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(v: { password: string }) => save.mutate(v)}
        name="recovery"
      >
        <PasswordFields kind="recovery" size="large" />
        <Button type="primary" htmlType="submit" block loading={save.isPending}>
          {t('confirm.submit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <Link to="/signin">{t('backToSignIn')}</Link>
      </div>
    </AuthLayout>
  );
}
