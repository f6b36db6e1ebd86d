import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { confirmPasswordRules, newPasswordRules, type PasswordKind } from '../../lib/rules';

/** New password and confirm password, with the recovery (also change password) or invitation messages. */
export function PasswordFields({ kind, size }: { kind: PasswordKind; size?: 'large' }) {
  return (
    <>
      <Form.Item label="Password" name="password" rules={newPasswordRules(kind)} hasFeedback>
        <Input.Password
          size={size}
          prefix={<LockOutlined />}
          placeholder="At least 6 characters"
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="confirm"
        dependencies={['password']}
        rules={confirmPasswordRules}
        hasFeedback
      >
        <Input.Password
          size={size}
          prefix={<LockOutlined />}
          placeholder="Repeat the password"
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
