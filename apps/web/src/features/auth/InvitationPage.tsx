import { useEffect } from 'react';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG, REDIRECT_AFTER_CONFIRMED_MS } from '@reputo/core';
import { translateMessage } from '../../i18n/messages';
import { session } from '../../lib/session';
import { storage } from '../../lib/storage';
import { acceptInvitation, checkInvitation } from './api';
import { AuthLayout } from './AuthLayout';
import { PasswordFields } from './PasswordFields';
import { invitationKey } from './queries';

export default function InvitationPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: invitationKey(token),
    queryFn: () => checkInvitation(token),
    retry: false,
    staleTime: Infinity,
  });
  // No invitee, with a message (MSG.invitationConfirmedOrWrong, in the request's language): used or unknown.
  const confirmed = check.data !== undefined && check.data.items.length === 0 && Boolean(check.data.message);
  const invited = check.data?.items[0];

  useEffect(() => {
    if (!confirmed) return;
    const t = setTimeout(() => navigate('/signin', { replace: true }), REDIRECT_AFTER_CONFIRMED_MS);
    return () => clearTimeout(t);
  }, [confirmed, navigate]);

  const accept = useMutation({
    mutationFn: ({ password }: { password: string }) => acceptInvitation(token, password),
    onSuccess: () => {
      // A new account starts from a clean application state.
      session.clearUser();
      queryClient.clear();
      storage.setFlag('invitationCompleted');
      navigate('/signin', { replace: true });
    },
  });

  const greeting = invited?.firstName
    ? t('invitation.welcomeName', { name: invited.firstName })
    : t('invitation.welcome');

  return (
    <AuthLayout>
      <h2>{greeting}</h2>
      <p className="sub">{t('invitation.subtitle')}</p>
      {check.isError && (
        <Alert className="auth-notice" type="error" showIcon title={translateMessage(MSG.error)} data-testid="notice" />
      )}
      {confirmed && (
        <Alert
          className="auth-notice"
          type="info"
          showIcon
          title={t('invitation.alreadyConfirmed')}
          data-testid="notice"
        />
      )}
      {accept.isError && (
        <Alert
          className="auth-notice"
          type="error"
          showIcon
          title={translateMessage(MSG.confirmPasswordError)}
          data-testid="notice"
        />
      )}
      {check.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        invited && (
          <Form
            layout="vertical"
            size="large"
            requiredMark={false}
            initialValues={{ email: invited.email }}
            onFinish={(v: { password: string }) => accept.mutate(v)}
            name="invitation"
          >
            <Form.Item label={t('fields.email')} name="email">
              <Input prefix={<MailOutlined />} disabled />
            </Form.Item>
            <PasswordFields kind="invitation" size="large" />
            <Button type="primary" htmlType="submit" block loading={accept.isPending}>
              {t('invitation.submit')}
            </Button>
          </Form>
        )
      )}
    </AuthLayout>
  );
}
