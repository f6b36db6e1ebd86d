import { Form } from 'antd';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { LockOutlined } from '@ant-design/icons';
import { confirmPasswordRules, newPasswordRules, type PasswordKind } from '../../lib/rules';

/** New password and confirm password, with the recovery (also change password) or invitation messages. */
export function PasswordFields({ kind, size }: { kind: PasswordKind; size?: 'large' }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Form.Item label={t('fields.password')} name="password" rules={newPasswordRules(kind)} hasFeedback>
        <Password
          size={size}
          prefix={<LockOutlined />}
          placeholder={t('fields.newPasswordPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        label={t('fields.confirmPassword')}
        name="confirm"
        dependencies={['password']}
        rules={confirmPasswordRules}
        hasFeedback
      >
        <Password
          size={size}
          prefix={<LockOutlined />}
          placeholder={t('fields.confirmPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
