import { useState } from 'react';
import { App, Button, Card, Form, Input, Radio, Select, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG } from '@reputo/core';
import { currentLanguage } from '../../i18n/i18n';
import type { Digits } from '../../i18n/format';
import { LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '../../i18n/languages';
import { translateMessage } from '../../i18n/messages';
import { applyUserLanguage } from '../../lib/language';
import { PageHeader } from '../../app/ui/PageHeader';
import { userEmailRules } from '../../lib/rules';
import { session } from '../../lib/session';
import type { Me } from '../auth/api';
import { PasswordFields } from '../auth/PasswordFields';
import { ME_KEY, useMe } from '../auth/queries';
import { updateUser } from './api';

type ProfileField = 'firstName' | 'lastName' | 'email';
const PROFILE_FIELDS: readonly ProfileField[] = ['firstName', 'lastName', 'email'];

function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (me, patch) => {
      queryClient.setQueryData(ME_KEY, me);
      // The refresh grant sends the email, so the login record follows a changed email.
      const login = session.get().login;
      if (patch.email && login) session.setLogin({ ...login, email: patch.email });
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

/** One profile value: read-only until Edit; then Save and Cancel. An unchanged save just leaves edit mode. */
function ProfileRow({ me, field }: { me: Me; field: ProfileField }) {
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<Record<ProfileField, string>>();
  const save = useSaveUser();
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const current = me[field] ?? '';

  const submit = (values: Record<ProfileField, string>) => {
    const value = values[field] ?? '';
    if (value === current) return setEditing(false);
    save.mutate(
      { [field]: value },
      {
        onSuccess: () => setEditing(false),
        onError: (e) => void message.error(translateMessage(e.message || MSG.error)),
      },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{ [field]: current }}
      name={`profile-${field}`}
    >
      <Form.Item
        label={t(`profile.${field}`)}
        name={field}
        rules={field === 'email' ? userEmailRules : []}
        style={{ marginBottom: 16 }}
      >
        <Input
          readOnly={!editing}
          variant={editing ? 'outlined' : 'filled'}
          dir={field === 'email' ? 'ltr' : 'auto'}
          data-testid={`field-${field}`}
        />
      </Form.Item>
      <div style={{ marginTop: -8, marginBottom: 16 }}>
        {editing ? (
          <Space>
            <Button type="primary" htmlType="submit" size="small" loading={save.isPending}>
              {t('common:save')}
            </Button>
            <Button
              size="small"
              onClick={() => {
                form.resetFields();
                setEditing(false);
              }}
            >
              {t('common:cancel')}
            </Button>
          </Space>
        ) : (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid={`edit-${field}`}>
            {t('common:edit')}
          </Button>
        )}
      </div>
    </Form>
  );
}

function ChangePassword() {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const save = useSaveUser();
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const submit = ({ password }: { password: string }) =>
    save.mutate(
      { password },
      {
        onSuccess: () => {
          void message.success(translateMessage(MSG.passwordChanged));
          // The server ended the user's other sessions; this one goes on (it refreshes its token once).
          void message.info(translateMessage(MSG.otherSessionsEnded));
          form.resetFields();
        },
        onError: () => void message.error(translateMessage(MSG.error)),
      },
    );
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="change-password">
      <PasswordFields kind="recovery" />
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}

interface LanguageValues {
  language: UiLanguage;
  digits: Digits;
}

/**
 * The interface language (English / العربية) and, for Arabic, the digits numbers are written in.
 * Saved on the user (PATCH /v2/api/user), so it follows them to every browser; the page changes
 * language in place at once.
 */
function LanguageSettings({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const save = useSaveUser();
  const [form] = Form.useForm<LanguageValues>();
  const language = Form.useWatch('language', form) ?? me.language ?? currentLanguage();
  const submit = (values: LanguageValues) => {
    const digits = values.language === 'ar' ? values.digits : me.digits;
    save.mutate(
      { language: values.language, digits },
      {
        onSuccess: (answer) => {
          applyUserLanguage(answer);
          void message.success(t('language.saved', { lng: values.language }));
        },
        onError: (e) => void message.error(translateMessage(e.message || MSG.error)),
      },
    );
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{ language: me.language ?? currentLanguage(), digits: me.digits }}
      name="language"
    >
      <Form.Item label={t('language.language')} name="language">
        <Select
          data-testid="language-select"
          options={UI_LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{LANGUAGE_NAMES[l]}</span> }))}
        />
      </Form.Item>
      {language === 'ar' && (
        <Form.Item label={t('language.digits')} name="digits" extra={t('language.digitsHelp')}>
          <Radio.Group data-testid="digits">
            <Radio value="latn">{t('language.latin')}</Radio>
            <Radio value="arab">{t('language.arabicIndic')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="language-save">
        {t('common:save')}
      </Button>
    </Form>
  );
}

export default function UserSettingsPage() {
  const { t } = useTranslation('account');
  const me = useMe().data;
  if (!me) return null;
  return (
    <>
      <PageHeader title={t('user.title')} description={t('user.description')} />
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
          alignItems: 'start',
        }}
      >
        <Card title={t('profile.title')}>
          {PROFILE_FIELDS.map((f) => (
            <ProfileRow key={`${f}-${me[f] ?? ''}`} me={me} field={f} />
          ))}
        </Card>
        <Card title={t('password.title')}>
          <ChangePassword />
        </Card>
        <Card title={t('language.title')} data-testid="language-card">
          <LanguageSettings me={me} />
        </Card>
      </div>
    </>
  );
}
