import { useState } from 'react';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { userEmailRules } from '../../lib/rules';
import { session } from '../../lib/session';
import type { Me } from '../auth/api';
import { PasswordFields } from '../auth/PasswordFields';
import { ME_KEY, useMe } from '../auth/queries';
import { updateUser } from './api';

type ProfileField = 'firstName' | 'lastName' | 'email';

const LABELS: Record<ProfileField, string> = { firstName: 'First name', lastName: 'Last name', email: 'Email' };

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
  const { message } = App.useApp();
  const current = me[field] ?? '';

  const submit = (values: Record<ProfileField, string>) => {
    const value = values[field] ?? '';
    if (value === current) return setEditing(false);
    save.mutate(
      { [field]: value },
      {
        onSuccess: () => setEditing(false),
        onError: (e) => void message.error(e.message || MSG.error),
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
        label={LABELS[field]}
        name={field}
        rules={field === 'email' ? userEmailRules : []}
        style={{ marginBottom: 16 }}
      >
        <Input readOnly={!editing} variant={editing ? 'outlined' : 'filled'} data-testid={`field-${field}`} />
      </Form.Item>
      <div style={{ marginTop: -8, marginBottom: 16 }}>
        {editing ? (
          <Space>
            <Button type="primary" htmlType="submit" size="small" loading={save.isPending}>
              Save
            </Button>
            <Button
              size="small"
              onClick={() => {
                form.resetFields();
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </Space>
        ) : (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid={`edit-${field}`}>
            Edit
          </Button>
        )}
      </div>
    </Form>
  );
}

function ChangePassword() {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const save = useSaveUser();
  const { message } = App.useApp();
  const submit = ({ password }: { password: string }) =>
    save.mutate(
      { password },
      {
        onSuccess: () => {
          void message.success(MSG.passwordChanged);
          // The server ended the user's other sessions; this one goes on (it refreshes its token once).
          void message.info(MSG.otherSessionsEnded);
          form.resetFields();
        },
        onError: () => void message.error(MSG.error),
      },
    );
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="change-password">
      <PasswordFields kind="recovery" />
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Change password
      </Button>
    </Form>
  );
}

export default function UserSettingsPage() {
  const me = useMe().data;
  if (!me) return null;
  return (
    <>
      <PageHeader title="User Settings" description="Your name, sign-in email and password." />
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
          alignItems: 'start',
        }}
      >
        <Card title="Profile">
          {(['firstName', 'lastName', 'email'] as const).map((f) => (
            <ProfileRow key={`${f}-${me[f] ?? ''}`} me={me} field={f} />
          ))}
        </Card>
        <Card title="Change password">
          <ChangePassword />
        </Card>
      </div>
    </>
  );
}
