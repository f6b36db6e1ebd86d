import { useEffect, useState } from 'react';
import { App, Button, Form, Modal, Radio, Select, Switch, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { isValidEmail, MSG } from '@reputo/core';
import { reportingApi } from './api';
import { reportingKeys } from './queryKeys';

/** The user's scheduled e-mail report (weekly or monthly, with an Excel file), and "send now". */
export function EmailReportsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="email-reports">
        Email reports
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
      qc.setQueryData(['reportSettings'], s);
      void message.success(
        s.enabled
          ? `Saved. The next ${s.frequency} report goes out ${dayjs(s.next_run_at).format('ddd, MMM D [at] HH:mm')}.`
          : 'Saved. Scheduled reports are off.',
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
      title="Email reports"
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save"
      confirmLoading={save.isPending}
      footer={(orig) => (
        <>
          <Button onClick={() => send.mutate()} loading={send.isPending} data-testid="send-report-now">
            Send now
          </Button>
          {orig}
        </>
      )}
    >
      <Typography.Paragraph type="secondary">
        A summary in the mail and the full report as an Excel file, sent to {setting.data?.email ?? 'you'} and anyone
        you add. Weekly reports cover your last full week and go out on your week start; monthly reports cover the last
        month and go out on the 1st.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ enabled: false, frequency: 'weekly', recipients: [] }}
        onFinish={(v) => save.mutate(v)}
        disabled={setting.isLoading}
      >
        <Form.Item name="enabled" label="Send scheduled reports" valuePropName="checked">
          <Switch data-testid="report-enabled" />
        </Form.Item>
        <Form.Item name="frequency" label="How often">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'weekly', label: 'Weekly' },
              { value: 'monthly', label: 'Monthly' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="recipients"
          label="Also send to"
          rules={[
            {
              validator: async (_, v: string[] = []) =>
                v.every((e) => isValidEmail(e.trim())) ? undefined : Promise.reject(new Error(MSG.emailNotValid)),
            },
          ]}
        >
          <Select
            mode="tags"
            placeholder="name@company.com"
            tokenSeparators={[',', ' ']}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        {setting.data?.last_sent_at && (
          <Typography.Text type="secondary">
            Last sent {dayjs(setting.data.last_sent_at).format('MMM D, YYYY HH:mm')}
          </Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
