import { useEffect } from 'react';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MSG, REDIRECT_AFTER_CONFIRMED_MS } from '@reputo/core';
import { session } from '../../lib/session';
import { storage } from '../../lib/storage';
import { acceptInvitation, checkInvitation } from './api';
import { AuthLayout } from './AuthLayout';
import { PasswordFields } from './PasswordFields';
import { invitationKey } from './queries';

const ALREADY_CONFIRMED = 'This account is already confirmed. Taking you to sign in…';

export default function InvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: invitationKey(token),
    queryFn: () => checkInvitation(token),
    retry: false,
    staleTime: Infinity,
  });
  const confirmed = check.data?.message === MSG.invitationConfirmedOrWrong;
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

  const greeting = invited?.firstName ? `Welcome, ${invited.firstName}!` : 'Welcome to your team on Reputo!';

  return (
    <AuthLayout>
      <h2>{greeting}</h2>
      <p className="sub">You have been invited to Reputo. Create a password to finish setting up your account.</p>
      {check.isError && <Alert className="auth-notice" type="error" showIcon title={MSG.error} data-testid="notice" />}
      {confirmed && (
        <Alert className="auth-notice" type="info" showIcon title={ALREADY_CONFIRMED} data-testid="notice" />
      )}
      {accept.isError && (
        <Alert className="auth-notice" type="error" showIcon title={MSG.confirmPasswordError} data-testid="notice" />
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
            <Form.Item label="Email" name="email">
              <Input prefix={<MailOutlined />} disabled />
            </Form.Item>
            <PasswordFields kind="invitation" size="large" />
            <Button type="primary" htmlType="submit" block loading={accept.isPending}>
              Confirm password
            </Button>
          </Form>
        )
      )}
    </AuthLayout>
  );
}
