import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'antd';
// Deep imports: the Input namespace would also bring TextArea, Search and OTP to this route.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link } from '../../lib/Link';
import { useTranslation } from 'react-i18next';
import { ERROR_CLEAR_MS, INVITATION_NOTICE_MS, MSG } from '@reputo/core';
import { translateMessage } from '../../i18n/messages';
import { getClientConfig } from '../../lib/api';
import { firstError, signInEmailChecks, signInPasswordChecks, type Check } from '../../lib/rules';
import { storage, type OneTimeFlag } from '../../lib/storage';
import { AuthLayout } from './AuthLayout';
import { AuthNotice, preloadAuthNotice } from './AuthNotice';
import { PresetUsers } from './PresetUsers';
import { signIn } from './signIn';

type Field = 'email' | 'password';
type Values = Record<Field, string>;

const CHECKS: Record<Field, Check[]> = { email: signInEmailChecks, password: signInPasswordChecks };

/** Reads a one-time flag once per page visit and clears it after the first render. */
function useOneTimeFlag(flag: OneTimeFlag): boolean {
  const [set] = useState(() => storage.hasFlag(flag));
  useEffect(() => storage.clearFlag(flag), [flag]);
  return set;
}

/**
 * Auth state of spec 000 section 4: the alert message is shown, then cleared from state after
 * ERROR_CLEAR_MS; the shown text stays on the page until the next attempt.
 */
function useAuthAlert() {
  const [alertMessage, setAlertMessage] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (!alertMessage) return;
    setShown(alertMessage);
    const t = setTimeout(() => setAlertMessage(null), ERROR_CLEAR_MS);
    return () => clearTimeout(t);
  }, [alertMessage]);
  return { shown, raise: setAlertMessage, dismiss: () => setShown(null) };
}

/**
 * Field values with the shared checks, shown once a field was typed in or the form submitted.
 * The sign-in form does without antd's Form (and the tooltip engine its labels bring) to keep the
 * route under its 200 kB budget; the other forms use antd Form with the same checks (lib/rules).
 */
function useSignInFields() {
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const errorOf = (f: Field) => (touched[f] ? firstError(CHECKS[f], values[f]) : null);
  const change = (f: Field, v: string) => {
    setValues((old) => ({ ...old, [f]: v }));
    setTouched((old) => ({ ...old, [f]: true }));
  };
  const validateAll = () => {
    setTouched({ email: true, password: true });
    return (Object.keys(CHECKS) as Field[]).every((f) => firstError(CHECKS[f], values[f]) === null);
  };
  return { values, setValues, errorOf, change, validateAll };
}

function FieldError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <div className="field-error" id={id} role="alert">
      {translateMessage(message)}
    </div>
  ) : null;
}

export default function SignInPage() {
  const { t } = useTranslation('auth');
  const config = getClientConfig();
  const fields = useSignInFields();
  const [loading, setLoading] = useState(false);
  const alert = useAuthAlert();
  const recovered = useOneTimeFlag('passwordRecovered');
  const invited = useOneTimeFlag('invitationCompleted');
  const [showInvited, setShowInvited] = useState(invited);

  useEffect(() => {
    if (!showInvited) return;
    const t = setTimeout(() => setShowInvited(false), INVITATION_NOTICE_MS);
    return () => clearTimeout(t);
  }, [showInvited]);

  // Success changes the session; the public-only guard then goes to the stored origin or /.
  const send = async ({ email, password }: Values) => {
    alert.dismiss();
    preloadAuthNotice();
    setLoading(true);
    try {
      await signIn(email, password);
    } catch (e) {
      setLoading(false);
      // The server answers in the interface language (Accept-Language); core's texts are translated here.
      alert.raise(translateMessage(e instanceof Error && e.message ? e.message : MSG.error));
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (fields.validateAll()) void send(fields.values);
  };

  const presets = config.demoMode && config.presetUsers.length > 0 && (
    <PresetUsers
      users={config.presetUsers}
      onPick={(u) => {
        const picked = { email: u.mail, password: u.password };
        fields.setValues(picked);
        void send(picked);
      }}
    />
  );
  const emailError = fields.errorOf('email');
  const passwordError = fields.errorOf('password');

  return (
    <AuthLayout aside={presets}>
      <h2>{t('signIn.title')}</h2>
      <p className="sub">{t('signIn.subtitle')}</p>
      {recovered && (
        <AuthNotice
          className="auth-notice"
          type="success"
          showIcon
          title={translateMessage(MSG.recoveryDoneNotice)}
          description={translateMessage(MSG.sessionsEndedNotice)}
          data-testid="notice"
        />
      )}
      {showInvited && (
        <AuthNotice
          className="auth-notice"
          type="success"
          showIcon
          title={translateMessage(MSG.invitationDoneNotice)}
          data-testid="notice"
        />
      )}
      {alert.shown && (
        <AuthNotice className="auth-notice" type="error" showIcon title={alert.shown} data-testid="signin-error" />
      )}
      <form onSubmit={onSubmit} noValidate name="signin" className="plain-form">
        <div className="field">
          <label htmlFor="signin_email">{t('fields.email')}</label>
          <Input
            id="signin_email"
            type="email"
            size="large"
            prefix={<MailOutlined />}
            placeholder={t('fields.emailPlaceholder')}
            autoComplete="username"
            value={fields.values.email}
            status={emailError ? 'error' : undefined}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'signin_email_error' : undefined}
            onChange={(e) => fields.change('email', e.target.value)}
          />
          <FieldError id="signin_email_error" message={emailError} />
        </div>
        <div className="field">
          <label htmlFor="signin_password">{t('fields.password')}</label>
          <Password
            id="signin_password"
            size="large"
            prefix={<LockOutlined />}
            placeholder={t('signIn.passwordPlaceholder')}
            autoComplete="current-password"
            value={fields.values.password}
            status={passwordError ? 'error' : undefined}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'signin_password_error' : undefined}
            onChange={(e) => fields.change('password', e.target.value)}
          />
          <FieldError id="signin_password_error" message={passwordError} />
        </div>
        <div className="auth-row">
          <span />
          <Link to="/forgotPassword">{t('signIn.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={loading}>
          {t('signIn.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
