import { Alert, Button, Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { MSG } from '@reputo/core';
import { storage } from '../../lib/storage';
import { setRecoveredPassword } from './api';
import { AuthLayout } from './AuthLayout';
import { PasswordFields } from './PasswordFields';

export default function ConfirmPasswordPage() {
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
      <h2>Set a new password</h2>
      <p className="sub">Choose a new password for your Reputo account.</p>
      {save.isError && (
        <Alert className="auth-notice" type="error" showIcon title={MSG.noUserWithEmail} data-testid="notice" />
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
          Change password
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <Link to="/signin">Back to sign in</Link>
      </div>
    </AuthLayout>
  );
}
