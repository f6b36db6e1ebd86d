import { useEffect } from 'react';
import { App, Button, Card, Form, Input, Select, Skeleton, Space } from 'antd';
import { LazyResult } from '../../lib/antd/LazyResult';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changedFields, freeTextError, MSG } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { userEmailRules } from '../../lib/rules';
import { useMe } from '../auth/queries';
import { adminUsersApi, fetchPartners, type AdminUser } from './api';
import { errorText, fieldErrors, translatedRules } from './format';
import { translateMessage } from '../../i18n/messages';
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
const emailRules = translatedRules(userEmailRules);
const nameRules = [
  {
    validator: async (_: unknown, v: string | undefined) => {
      if (v && freeTextError(v)) throw new Error(translateMessage(freeTextError(v)!));
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
  const { t } = useTranslation('admin');
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
      void message.success(user.data ? t('adminUser.updated') : t('adminUser.created'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.adminUsers.all });
      navigate(LIST);
    },
    onError: (e) => {
      form.setFields(fieldErrors(e) as Parameters<typeof form.setFields>[0]);
      notification.error({ title: translateMessage(MSG.error), description: errorText(e) });
    },
  });

  if (userId !== null && user.isError)
    return (
      <LazyResult
        status="404"
        title={t('adminUser.notFound')}
        extra={<Button onClick={() => navigate(LIST)}>{t('adminUser.backToList')}</Button>}
      />
    );
  return (
    <>
      <PageHeader
        title={
          userId
            ? user.data?.userName
              ? t('adminUser.editNamed', { name: user.data.userName })
              : t('adminUser.edit')
            : t('adminUser.new')
        }
        description={userId ? t('adminUser.descriptionEdit') : t('adminUser.descriptionNew')}
      />
      <Card style={{ maxInlineSize: 720 }}>
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
              <Form.Item name="firstName" label={t('adminUser.firstName')} rules={nameRules}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="lastName" label={t('adminUser.lastName')} rules={nameRules}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="email" label={t('adminUser.email')} required rules={emailRules} className="span-2">
                <Input maxLength={254} />
              </Form.Item>
              <Form.Item name="role" label={t('adminUser.role')} required>
                <Select
                  disabled={!isOwner || user.data?.id === me?.id}
                  options={[
                    { value: 'owner', label: t('roles.owner') },
                    { value: 'partner', label: t('adminUser.partnerAdministrator') },
                  ]}
                />
              </Form.Item>
              {role === 'partner' && isOwner && (
                <Form.Item
                  name="partnerId"
                  label={t('adminUser.partner')}
                  required
                  rules={[{ required: true, message: t('adminUser.partnerRequired') }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={partners.isLoading}
                    options={(partners.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                    placeholder={t('adminUser.choosePartner')}
                  />
                </Form.Item>
              )}
            </div>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="admin-user-save">
                {userId ? t('common:save') : t('adminUser.createAndInvite')}
              </Button>
              <Button onClick={() => navigate(LIST)}>{t('common:cancel')}</Button>
            </Space>
          </Form>
        )}
      </Card>
    </>
  );
}
