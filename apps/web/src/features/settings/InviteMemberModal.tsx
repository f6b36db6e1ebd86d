import { App, Form, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG, type LocationsTitle, type TeamRole } from '@reputo/core';
import { translateMessage } from '../../i18n/messages';
import { userEmailRules } from '../../lib/rules';
import { inviteMember } from './api';
import { locationIdsOf, MemberAccessFields } from './MemberAccessFields';
import { freeTextRules } from './ui';
import { translatedRules } from './i18n';

interface InviteForm {
  email: string;
  firstName?: string;
  lastName?: string;
  role: TeamRole;
  scope: 'all' | 'some';
  locationIds?: number[];
}

/** Adds a team member with a role and the locations they see; the server mails the invitation. */
export function InviteMemberModal({ onClose, title = 'Location' }: { onClose: () => void; title?: LocationsTitle }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<InviteForm>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const invite = useMutation({
    mutationFn: (v: InviteForm) =>
      inviteMember({
        email: v.email,
        firstName: v.firstName || undefined,
        lastName: v.lastName || undefined,
        role: v.role,
        locationIds: locationIdsOf(v),
      }),
    onSuccess: async (member) => {
      void message.success(t('invite.sent', { email: member.email }));
      form.resetFields();
      onClose();
      // Creating an invitation resets the application state (spec 000 section 4).
      await queryClient.invalidateQueries();
    },
    onError: (e) => void message.error(translateMessage(e.message || MSG.error)),
  });
  return (
    <Modal
      title={t('invite.title')}
      open
      onCancel={onClose}
      okText={t('invite.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={invite.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'manager', scope: 'all' }}
        onFinish={(v) => invite.mutate(v)}
        name="invite"
      >
        <Form.Item label={t('members.email')} name="email" rules={translatedRules(userEmailRules)}>
          <Input placeholder={t('members.emailPlaceholder')} />
        </Form.Item>
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
