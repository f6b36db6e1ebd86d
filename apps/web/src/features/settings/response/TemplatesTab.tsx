import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { Table } from '../../../app/ui/ResponsiveTable';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';
import { listSeparator } from '../i18n';
import { RATINGS, TEMPLATE_PLACEHOLDERS } from '@reputo/core';
import { responseApi, type Template } from '../api';
import { settingsKeys } from '../queryKeys';
import { freeTextRules } from '../ui';

// Reply templates and the dialog that writes one

export function TemplatesTab() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const list = useQuery({
    queryKey: settingsKeys.templates.all,
    queryFn: ({ signal }) => responseApi.templates(signal),
  });
  const remove = useMutation({
    mutationFn: responseApi.deleteTemplate,
    onSuccess: async () => {
      void message.success(t('response.templates.deleted'));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.templates.all });
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  const columns: TableColumnsType<Template> = [
    {
      title: t('response.templates.column'),
      key: 'title',
      render: (_, tpl) => (
        <div>
          <div className="st-name">
            <span dir="auto">{tpl.title}</span>
          </div>
          <div className="st-muted" style={{ maxWidth: 560, whiteSpace: 'normal' }} dir="auto">
            {tpl.text.length > 160 ? `${tpl.text.slice(0, 159)}…` : tpl.text}
          </div>
        </div>
      ),
    },
    {
      title: t('response.templates.forRatings'),
      dataIndex: 'ratings',
      responsive: ['md'],
      render: (r: number[]) => (
        <Space size={[4, 4]} wrap>
          {r.map((s) => (
            <Tag key={s}>{`${s} ★`}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '',
      key: 'a',
      align: 'end',
      render: (_, tpl) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(tpl)}
            aria-label={t('response.templates.editAria', { title: tpl.title })}
          />
          <Popconfirm
            title={t('response.templates.deleteConfirm', { title: tpl.title })}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(tpl.id)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('response.templates.deleteAria', { title: tpl.title })}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <div className="st-toolbar">
        <span className="st-muted">{t('response.templates.intro')}</span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('response.templates.add')}
        </Button>
      </div>
      {list.isError && <Alert type="error" showIcon title={translateMessage(list.error.message)} />}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={list.data?.templates}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: true }}
      />
      <TemplateModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function TemplateModal({ editing, onClose }: { editing: Template | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<{ title: string; text: string; ratings: number[] }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (editing) form.setFieldsValue(editing === 'new' ? { title: '', text: '', ratings: [...RATINGS] } : editing);
  }, [editing, form]);
  const save = useMutation({
    mutationFn: (v: { title: string; text: string; ratings: number[] }) =>
      editing && editing !== 'new' ? responseApi.updateTemplate(editing.id, v) : responseApi.createTemplate(v),
    onSuccess: async () => {
      void message.success(t('response.templates.saved'));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.templates.all });
      onClose();
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  return (
    <Modal
      title={editing === 'new' ? t('response.templates.add') : t('response.templates.edit')}
      open={editing !== null}
      onCancel={onClose}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => save.mutate(v)} name="template">
        <Form.Item label={t('response.templates.titleLabel')} name="title" rules={freeTextRules(true)}>
          <Input maxLength={120} dir="auto" />
        </Form.Item>
        <Form.Item
          label={t('response.templates.reply')}
          name="text"
          rules={freeTextRules(true)}
          extra={t('response.templates.placeholders', {
            list: Object.keys(TEMPLATE_PLACEHOLDERS)
              .map((k) => `{${k}}`)
              .join(listSeparator()),
          })}
        >
          <TextArea rows={6} showCount maxLength={4000} dir="auto" />
        </Form.Item>
        <Form.Item label={t('response.templates.offerFor')} name="ratings">
          <Checkbox.Group options={RATINGS.map((r) => ({ value: r, label: `${r} ★` }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
