import { useEffect } from 'react';
import { App, ColorPicker, Form, Input, Modal, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';
import { responseApi, type Category } from './api';
import { freeTextRules } from './ui';
import { settingsKeys } from './queryKeys';

/** Colours offered first; any other can be picked. */
const PRESETS = ['#1677ff', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#64748b'];

interface CategoryForm {
  title: string;
  color: string;
  keywords: string[];
}

/** Adding a review category, or editing one: its name, colour and the words that suggest it. */
export function CategoryModal({ editing, onClose }: { editing: Category | 'new'; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<CategoryForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useEffect(() => {
    form.setFieldsValue(editing === 'new' ? { title: '', color: PRESETS[0], keywords: [] } : editing);
  }, [editing, form]);
  const save = useMutation({
    mutationFn: (v: CategoryForm) =>
      editing !== 'new' ? responseApi.updateCategory(editing.id, v) : responseApi.createCategory(v),
    onSuccess: async (c) => {
      void message.success(t('categories.saved', { title: c.title }));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.categories });
      onClose();
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  return (
    <Modal
      title={editing === 'new' ? t('categories.add') : t('categories.edit')}
      open
      onCancel={onClose}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="category"
        onFinish={(v) => save.mutate({ ...v, keywords: v.keywords ?? [] })}
      >
        <Form.Item label={t('categories.name')} name="title" rules={freeTextRules(true)}>
          <Input maxLength={60} placeholder={t('categories.namePlaceholder')} dir="auto" />
        </Form.Item>
        <Form.Item
          label={t('categories.colour')}
          name="color"
          getValueFromEvent={(c: { toHexString: () => string }) => c.toHexString()}
        >
          <ColorPicker disabledAlpha presets={[{ label: t('categories.suggested'), colors: PRESETS }]} showText />
        </Form.Item>
        <Form.Item label={t('categories.keywords')} name="keywords" extra={t('categories.keywordsExtra')}>
          <Select
            mode="tags"
            tokenSeparators={[',']}
            placeholder={t('categories.keywordsPlaceholder')}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
