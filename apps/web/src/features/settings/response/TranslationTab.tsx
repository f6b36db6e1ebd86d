import { Alert, App, Button, Form, Select, Skeleton, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';
import { languageName } from '../i18n';
import { responseApi } from '../api';
import { settingsKeys } from '../queryKeys';

// Translation

const TRANSLATION_LANGUAGES = [
  ['en', 'English'],
  ['ar', 'Arabic'],
  ['fr', 'French'],
  ['de', 'German'],
  ['es', 'Spanish'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['ru', 'Russian'],
  ['tr', 'Turkish'],
  ['hi', 'Hindi'],
  ['ur', 'Urdu'],
  ['zh', 'Chinese'],
  ['ja', 'Japanese'],
] as const;

export function TranslationTab() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKeys.translation,
    queryFn: ({ signal }) => responseApi.translation(signal),
  });
  const save = useMutation({
    mutationFn: responseApi.saveTranslation,
    onSuccess: (s) => {
      queryClient.setQueryData(settingsKeys.translation, s);
      void message.success(t('response.translation.saved'));
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  if (settings.isError) return <Alert type="error" showIcon title={translateMessage(settings.error.message)} />;
  if (!settings.data) return <Skeleton active />;
  return (
    <Form
      layout="vertical"
      initialValues={settings.data}
      onFinish={(v: { language: string; translateAutomatically: boolean }) => save.mutate(v)}
      name="translation"
      style={{ maxWidth: 480 }}
    >
      {!settings.data.configured && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('response.translation.notConfigured')}
          description={t('response.translation.notConfiguredText')}
        />
      )}
      <Form.Item name="language" label={t('response.translation.language')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={TRANSLATION_LANGUAGES.map(([value, label]) => ({ value, label: languageName(value, label) }))}
        />
      </Form.Item>
      <Form.Item name="translateAutomatically" valuePropName="checked" label={t('response.translation.automatically')}>
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('actions.save')}
      </Button>
    </Form>
  );
}
