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
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const list = useQuery({ queryKey: settingsKeys.categories, queryFn: ({ signal }) => responseApi.categories(signal) });
  const remove = useMutation({
    mutationFn: responseApi.deleteCategory,
    onSuccess: async () => {
      void message.success('Category deleted.');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.categories });
    },
    onError: (e) => void message.error(e.message),
  });
  const categories = list.data?.categories ?? [];
  return (
    <>
      <PageHeader
        title="Review Categories"
        description="Sort reviews by what they are about. Keywords suggest a category when a review mentions them."
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="category-add">
            Add category
          </Button>
        }
      />
      <Card>
        {list.isError && <Alert type="error" showIcon title={list.error.message} />}
        {list.isLoading ? (
          <Skeleton active />
        ) : categories.length === 0 ? (
          <Empty description="No categories yet." />
        ) : (
          <div className="st-card-grid" data-testid="category-list">
            {categories.map((c) => (
              <div className="st-category" key={c.id} data-testid="category">
                <span className="st-swatch" style={{ background: c.color }} />
                <div className="grow">
                  <div className="st-name">{c.title}</div>
                  <div className="kw">{c.keywords.length ? c.keywords.join(', ') : 'No keywords'}</div>
                </div>
                <Space size={4}>
                  <Button
                    size="small"
                    type="text"
                    icon={<EditOutlined />}
                    onClick={() => setEditing(c)}
                    aria-label={`Edit ${c.title}`}
                  />
                  <Popconfirm
                    title={`Delete ${c.title}?`}
                    description="It is removed from every review."
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(c.id)}
                  >
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Delete ${c.title}`}
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
      void message.success(`${c.title} saved.`);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.categories });
      onClose();
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      title={editing === 'new' ? 'Add category' : 'Edit category'}
      open={editing !== null}
      onCancel={onClose}
      okText="Save"
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
        <Form.Item label="Name" name="title" rules={freeTextRules(true)}>
          <Input maxLength={60} placeholder="e.g. Food quality" />
        </Form.Item>
        <Form.Item
          label="Colour"
          name="color"
          getValueFromEvent={(c: { toHexString: () => string }) => c.toHexString()}
        >
          <ColorPicker disabledAlpha presets={[{ label: 'Suggested', colors: PRESETS }]} showText />
        </Form.Item>
        <Form.Item
          label="Keywords"
          name="keywords"
          extra="Words that suggest this category, e.g. taste, cold, portion."
        >
          <Select
            mode="tags"
            tokenSeparators={[',']}
            placeholder="Type a word and press Enter"
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
