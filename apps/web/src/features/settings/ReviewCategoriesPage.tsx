import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Popconfirm, Skeleton, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';
import { contentSeparator } from './i18n';
import { PageHeader } from '../../app/ui/PageHeader';
import { responseApi, type Category } from './api';
import './settings.css';
import { settingsKeys } from './queryKeys';
import { lazyPart } from '../../lib/lazyPart';

// The add and edit dialog (its form, colour picker and keyword box) loads when it is first opened.
const CategoryModal = lazyPart(() => import('./CategoryModal').then((m) => m.CategoryModal));

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
      {editing && <CategoryModal editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
