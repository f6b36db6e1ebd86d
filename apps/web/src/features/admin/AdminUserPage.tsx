import { useEffect } from 'react';
import { App, Button, Card, Form, Input, Result, Select, Skeleton, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { changedFields, freeTextError, MSG } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { userEmailRules } from '../../lib/rules';
import { useMe } from '../auth/queries';
import { adminUsersApi, fetchPartners, type AdminUser } from './api';
import { errorText, fieldErrors } from './format';
import './admin.css';
import { adminKeys } from './queryKeys';

interface Values {
  email: string;
  firstName: string;
  lastName: string;
  role: 'owner' | 'partner';
  partnerId?: number | null;
}

const LIST = '/admin_panel/admin_users';
const nameRules = [
  {
    validator: async (_: unknown, v: string | undefined) => {
      if (v && freeTextError(v)) throw new Error(freeTextError(v)!);
    },
  },
];
const valuesOf = (u: AdminUser | null, ownPartner: number | null): Values => ({
  email: u?.email ?? '',
  firstName: u?.firstName ?? '',
  lastName: u?.lastName ?? '',
  role: (u?.role as Values['role']) ?? 'partner',
  partnerId: u?.partnerId ?? ownPartner,
});

/** Create (an invitation mail follows) or edit an Owner or Partner administrator. */
export default function AdminUserPage() {
  const { id } = useParams();
  const userId = id ? Number(id) : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, notification } = App.useApp();
  const me = useMe().data;
  const isOwner = me?.role === 'owner';
  const [form] = Form.useForm<Values>();
  const role = Form.useWatch('role', form);
  const user = useQuery({
    queryKey: adminKeys.adminUsers.one(userId),
    queryFn: ({ signal }) => adminUsersApi.get(userId!, signal),
    enabled: userId !== null,
  });
  const partners = useQuery({
    queryKey: adminKeys.partners.choices,
    queryFn: ({ signal }) => fetchPartners({ page: 1, per_page: 100 }, signal),
    enabled: isOwner,
  });
  const initial = valuesOf(user.data ?? null, me?.partnerId ?? null);
  useEffect(() => {
    if (user.data) form.setFieldsValue(valuesOf(user.data, null));
  }, [user.data, form]);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const body = {
        email: v.email.trim(),
        firstName: v.firstName ?? '',
        lastName: v.lastName ?? '',
        role: v.role,
        partnerId: v.role === 'partner' ? (v.partnerId ?? null) : null,
      };
      if (!user.data) return adminUsersApi.create(body);
      const changed = changedFields<Record<string, unknown>>(
        { ...valuesOf(user.data, null), partnerId: user.data.partnerId },
        body,
      );
      return Object.keys(changed).length ? adminUsersApi.update(user.data.id, changed) : user.data;
    },
    onSuccess: () => {
      void message.success(user.data ? 'Admin user updated' : 'Admin user created: an invitation is on its way.');
      void queryClient.invalidateQueries({ queryKey: adminKeys.adminUsers.all });
      navigate(LIST);
    },
    onError: (e) => {
      form.setFields(fieldErrors(e) as Parameters<typeof form.setFields>[0]);
      notification.error({ title: MSG.error, description: errorText(e) });
    },
  });

  if (userId !== null && user.isError)
    return (
      <Result
        status="404"
        title="Admin user not found"
        extra={<Button onClick={() => navigate(LIST)}>Back to admin users</Button>}
      />
    );
  return (
    <>
      <PageHeader
        title={userId ? `Edit ${user.data?.userName ?? 'admin user'}` : 'New admin user'}
        description={
          userId ? 'Details and access of this admin user.' : 'They receive an invitation to set their password.'
        }
      />
      <Card style={{ maxWidth: 720 }}>
        {userId !== null && !user.data ? (
          <Skeleton active />
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={initial}
            onFinish={(v) => save.mutate(v)}
            data-testid="admin-user-form"
          >
            <div className="form-grid">
              <Form.Item name="firstName" label="First name" rules={nameRules}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="lastName" label="Last name" rules={nameRules}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="email" label="Email" required rules={userEmailRules} className="span-2">
                <Input maxLength={254} />
              </Form.Item>
              <Form.Item name="role" label="Role" required>
                <Select
                  disabled={!isOwner || user.data?.id === me?.id}
                  options={[
                    { value: 'owner', label: 'Owner' },
                    { value: 'partner', label: 'Partner administrator' },
                  ]}
                />
              </Form.Item>
              {role === 'partner' && isOwner && (
                <Form.Item
                  name="partnerId"
                  label="Partner"
                  required
                  rules={[{ required: true, message: 'Choose the partner this administrator belongs to.' }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={partners.isLoading}
                    options={(partners.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                    placeholder="Choose a partner"
                  />
                </Form.Item>
              )}
            </div>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="admin-user-save">
                {userId ? 'Save' : 'Create and invite'}
              </Button>
              <Button onClick={() => navigate(LIST)}>Cancel</Button>
            </Space>
          </Form>
        )}
      </Card>
    </>
  );
}
