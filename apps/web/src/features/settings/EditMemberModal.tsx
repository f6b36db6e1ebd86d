import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayName, type LocationsTitle, type TeamRole } from '@reputo/core';
import { translateMessage } from '../../i18n/messages';
import { updateMember, type TeamMember } from './api';
import { locationIdsOf, MemberAccessFields, scopeOf } from './MemberAccessFields';
import { freeTextRules } from './ui';
import { settingsKeys } from './queryKeys';

interface EditForm {
  firstName?: string;
  lastName?: string;
  role: TeamRole;
  scope: 'all' | 'some';
  locationIds?: number[];
}

/** Name, role and the locations a member sees. */
export function EditMemberModal({
  member,
  onClose,
  title,
}: {
  member: TeamMember;
  onClose: () => void;
  title: LocationsTitle;
}) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<EditForm>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  useEffect(() => {
    form.setFieldsValue({
      firstName: member.firstName ?? '',
      lastName: member.lastName ?? '',
      role: member.role as TeamRole,
      ...scopeOf(member.locationIds),
    });
  }, [member, form]);
  const save = useMutation({
    mutationFn: (v: EditForm) => {
      const patch = {
        firstName: v.firstName || null,
        lastName: v.lastName || null,
        locationIds: locationIdsOf(v),
        ...(v.role !== member.role ? { role: v.role } : {}),
      };
      return updateMember(member.id, patch);
    },
    onSuccess: async (m) => {
      void message.success(t('editMember.saved', { name: displayName(m.firstName, m.lastName) }));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.team.all });
      onClose();
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  return (
    <Modal
      title={t('editMember.title', { name: displayName(member.firstName, member.lastName) })}
      open
      onCancel={onClose}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p className="st-muted" style={{ marginTop: 0 }} dir="auto">
        {member?.email}
      </p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => save.mutate(v)} name="member">
        <div className="st-grid2">
          <Form.Item label={t('members.firstName')} name="firstName" rules={freeTextRules(false)}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label={t('members.lastName')} name="lastName" rules={freeTextRules(false)}>
            <Input maxLength={100} />
          </Form.Item>
        </div>
        <MemberAccessFields title={title} />
      </Form>
    </Modal>
  );
}
