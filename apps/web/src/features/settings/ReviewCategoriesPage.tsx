import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  ColorPicker,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Space,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';
import { contentSeparator } from './i18n';
import { PageHeader } from '../../app/ui/PageHeader';
import { responseApi, type Category } from './api';
import { freeTextRules } from './ui';
import './settings.css';
import { settingsKeys } from './queryKeys';

/** Colours offered first; any other can be picked. */
const PRESETS = ['#1677ff', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#64748b'];

interface CategoryForm {
  title: string;
  color: string;
  keywords: string[];
}

/** Review categories with colours and the words that suggest them; the reviews workspace tags reviews with them. */
export default function ReviewCategoriesPage() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const list = useQuery({ queryKey: settingsKeys.categories, queryFn: ({ signal }) => responseApi.categories(signal) });
  const remove = useMutation({
    mutationFn: responseApi.deleteCategory,
    onSuccess: async () => {
      void message.success(t('categories.deleted'));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.categories });
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  const categories = list.data?.categories ?? [];
  return (
    <>
      <PageHeader
        title={t('categories.title')}
        description={t('categories.description')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="category-add">
            {t('categories.add')}
          </Button>
        }
      />
      <Card>
        {list.isError && <Alert type="error" showIcon title={list.error.message} />}
        {list.isLoading ? (
          <Skeleton active />
        ) : categories.length === 0 ? (
          <Empty description={t('categories.empty')} />
        ) : (
          <div className="st-card-grid" data-testid="category-list">
            {categories.map((c) => (
              <div className="st-category" key={c.id} data-testid="category">
                <span className="st-swatch" style={{ background: c.color }} />
                <div className="grow">
                  <div className="st-name">
                    <span dir="auto">{c.title}</span>
                  </div>
                  {c.keywords.length ? (
                    <div className="kw">
                      <span dir="auto">{c.keywords.join(contentSeparator(c.keywords))}</span>
                    </div>
                  ) : (
                    <div className="kw">{t('categories.noKeywords')}</div>
                  )}
                </div>
                <Space size={4}>
                  <Button
                    size="small"
                    type="text"
                    icon={<EditOutlined />}
                    onClick={() => setEditing(c)}
                    aria-label={t('categories.editAria', { title: c.title })}
                  />
                  <Popconfirm
                    title={t('categories.deleteConfirm', { title: c.title })}
                    description={t('categories.deleteText')}
                    okText={t('actions.delete')}
                    cancelText={t('actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(c.id)}
                  >
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('categories.deleteAria', { title: c.title })}
                    />
                  </Popconfirm>
                </Space>
              </div>
            ))}
          </div>
        )}
      </Card>
      <CategoryModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function CategoryModal({ editing, onClose }: { editing: Category | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<CategoryForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (editing) form.setFieldsValue(editing === 'new' ? { title: '', color: PRESETS[0], keywords: [] } : editing);
  }, [editing, form]);
  const save = useMutation({
    mutationFn: (v: CategoryForm) =>
      editing && editing !== 'new' ? responseApi.updateCategory(editing.id, v) : responseApi.createCategory(v),
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
      open={editing !== null}
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
