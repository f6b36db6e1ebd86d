import { useEffect, useState } from 'react';
import { App, Button, Form, Modal, Radio, Select, Switch, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isValidEmail, MSG } from '@reputo/core';
import { translateMessage } from '../../i18n/messages';
import { showDate } from './display';
import { reportingApi } from './api';
import { reportingKeys } from './queryKeys';

/** The user's scheduled e-mail report (weekly or monthly, with an Excel file), and "send now". */
export function EmailReportsButton() {
  const { t } = useTranslation('reporting');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="email-reports">
        {t('email.button')}
      </Button>
      {open && <EmailReportsModal onClose={() => setOpen(false)} />}
    </>
  );
}

interface Values {
  enabled: boolean;
  frequency: 'weekly' | 'monthly';
  recipients: string[];
}

function EmailReportsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('reporting');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const setting = useQuery({ queryKey: reportingKeys.reportSettings, queryFn: () => reportingApi.reportSetting() });
  useEffect(() => {
    if (setting.data)
      form.setFieldsValue({
        enabled: setting.data.enabled,
        frequency: setting.data.frequency,
        recipients: setting.data.recipients,
      });
  }, [setting.data, form]);
  const save = useMutation({
    mutationFn: (v: Values) => reportingApi.saveReportSetting(v),
    onSuccess: (s) => {
      qc.setQueryData(reportingKeys.reportSettings, s);
      void message.success(
        s.enabled
          ? t(`email.savedNext.${s.frequency}`, { at: showDate(s.next_run_at ?? new Date(), 'weekdayTime') })
          : t('email.savedOff'),
      );
      onClose();
    },
    onError: (e) => void message.error(e.message),
  });
  const send = useMutation({
    mutationFn: () => reportingApi.triggerReport(form.getFieldValue('frequency') ?? 'weekly'),
    onSuccess: (r) => void message.success(r.message),
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      open
      title={t('email.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('email.save')}
      cancelText={t('email.cancel')}
      confirmLoading={save.isPending}
      footer={(orig) => (
        <>
          <Button onClick={() => send.mutate()} loading={send.isPending} data-testid="send-report-now">
            {t('email.sendNow')}
          </Button>
          {orig}
        </>
      )}
    >
      <Typography.Paragraph type="secondary">
        {t('email.intro', { email: setting.data?.email ?? t('email.you') })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ enabled: false, frequency: 'weekly', recipients: [] }}
        onFinish={(v) => save.mutate(v)}
        disabled={setting.isLoading}
      >
        <Form.Item name="enabled" label={t('email.enabled')} valuePropName="checked">
          <Switch data-testid="report-enabled" />
        </Form.Item>
        <Form.Item name="frequency" label={t('email.frequency')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'weekly', label: t('email.weekly') },
              { value: 'monthly', label: t('email.monthly') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="recipients"
          label={t('email.recipients')}
          rules={[
            {
              validator: async (_, v: string[] = []) =>
                v.every((e) => isValidEmail(e.trim()))
                  ? undefined
                  : Promise.reject(new Error(translateMessage(MSG.emailNotValid))),
            },
          ]}
        >
          <Select
            mode="tags"
            placeholder={t('email.recipientsPlaceholder')}
            tokenSeparators={[',', ' ']}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        {setting.data?.last_sent_at && (
          <Typography.Text type="secondary">
            {t('email.lastSent', { at: showDate(setting.data.last_sent_at, 'monthDayYearTime') })}
          </Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
