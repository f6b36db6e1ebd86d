import { Alert, Button, Form, Input } from 'antd';
import { ArrowLeftOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MSG } from '@reputo/core';
import { ApiError } from '../../lib/api';
import { signInEmailRules } from '../../lib/rules';
import { sendRecoveryMail } from './api';
import { AuthLayout } from './AuthLayout';

/** The spec's failure text for an unknown email; other failures (rate limit, network) say what happened. */
function failureText(error: Error): string {
  return error instanceof ApiError && error.status !== 404 ? error.message : MSG.noUserWithEmail;
}

export default function ForgotPasswordPage() {
  const send = useMutation({ mutationFn: ({ email }: { email: string }) => sendRecoveryMail(email) });
  return (
    <AuthLayout>
      <h2>Forgot your password?</h2>
      <p className="sub">Enter the email you sign in with and we will send you a link to set a new password.</p>
      {send.isSuccess && (
        <Alert className="auth-notice" type="success" showIcon title={MSG.recoveryLinkSent} data-testid="notice" />
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
        <Form.Item label="Email" name="email" rules={signInEmailRules}>
          <Input prefix={<MailOutlined />} placeholder="you@company.com" autoComplete="username" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={send.isPending}>
          Send
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <Link to="/signin">
          <ArrowLeftOutlined /> Back to sign in
        </Link>
      </div>
    </AuthLayout>
  );
}
