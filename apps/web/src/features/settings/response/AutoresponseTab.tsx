import { useEffect } from 'react';
import { Alert, App, Button, Form, InputNumber, Select, Skeleton, Switch } from 'antd';
import { Table } from '../../../app/ui/ResponsiveTable';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';
import { responseApi, type AutoresponseRule } from '../api';
import { settingsKeys } from '../queryKeys';

// Auto-response

export function AutoresponseTab() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKeys.autoresponse,
    queryFn: ({ signal }) => responseApi.autoresponse(signal),
  });
  const templates = useQuery({
    queryKey: settingsKeys.templates.all,
    queryFn: ({ signal }) => responseApi.templates(signal),
  });
  const [form] = Form.useForm<{ enabled: boolean; rules: AutoresponseRule[]; excludedKeywords: string[] }>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: responseApi.saveAutoresponse,
    onSuccess: (s) => {
      queryClient.setQueryData(settingsKeys.autoresponse, s);
      void message.success(t('response.autoresponse.saved'));
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  if (settings.isError) return <Alert type="error" showIcon title={translateMessage(settings.error.message)} />;
  if (!settings.data) return <Skeleton active />;
  const options = (templates.data?.templates ?? []).map((t) => ({ value: t.id, label: t.title }));
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={settings.data}
      onFinish={(v) => save.mutate(v)}
      name="autoresponse"
    >
      <p className="st-muted" style={{ marginTop: 0 }}>
        {t('response.autoresponse.intro')}
      </p>
      <Form.Item name="enabled" label={t('response.autoresponse.label')} valuePropName="checked">
        <Switch checkedChildren={t('switch.on')} unCheckedChildren={t('switch.off')} />
      </Form.Item>
      <Form.List name="rules">
        {(fields) => (
          <Table
            rowKey="key"
            pagination={false}
            size="small"
            scroll={{ x: true }}
            dataSource={fields}
            columns={[
              {
                title: t('response.autoresponse.rating'),
                key: 'r',
                render: (_, f) => `${form.getFieldValue(['rules', f.name, 'rating']) as number} ★`,
              },
              {
                title: t('response.autoresponse.answer'),
                key: 'e',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'enabled']} valuePropName="checked" noStyle>
                    <Switch size="small" />
                  </Form.Item>
                ),
              },
              {
                title: t('response.autoresponse.delay'),
                key: 'd',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'delayMinutes']} noStyle>
                    <InputNumber min={0} max={10080} style={{ width: 110 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('response.autoresponse.templates'),
                key: 't',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'templateIds']} noStyle>
                    <Select
                      mode="multiple"
                      allowClear
                      placeholder={t('response.autoresponse.written')}
                      options={options}
                      style={{ minWidth: 220 }}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
      </Form.List>
      <Form.Item
        name="excludedKeywords"
        label={t('response.autoresponse.excluded')}
        extra={t('response.autoresponse.excludedExtra')}
        style={{ marginTop: 16 }}
      >
        <Select mode="tags" tokenSeparators={[',', '،']} placeholder={t('response.autoresponse.keywordsPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('actions.save')}
      </Button>
    </Form>
  );
}
