import { useState } from 'react';
import { App, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listKeys, listsApi, type ContactList } from './api';

/** Name a new list or rename one. */
export function ListNameModal({
  list,
  onClose,
}: {
  list: ContactList | 'new';
  onClose: (saved?: ContactList) => void;
}) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [name, setName] = useState(list === 'new' ? '' : list.name);
  const save = useMutation({
    mutationFn: () => (list === 'new' ? listsApi.create(name.trim()) : listsApi.rename(list.id, name.trim())),
    onSuccess: (saved) => {
      void qc.invalidateQueries({ queryKey: listKeys.all });
      void message.success(list === 'new' ? t('lists.created') : t('lists.renamed'));
      onClose(saved);
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      open
      title={list === 'new' ? t('lists.new') : t('lists.rename')}
      okText={list === 'new' ? t('lists.create') : t('lists.save')}
      okButtonProps={{ disabled: !name.trim(), 'data-testid': 'list-name-save' } as never}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      <Input
        autoFocus
        value={name}
        maxLength={200}
        dir="auto"
        placeholder={t('lists.namePlaceholder')}
        aria-label={t('lists.name')}
        onChange={(e) => setName(e.target.value)}
        onPressEnter={() => name.trim() && save.mutate()}
        data-testid="list-name"
      />
    </Modal>
  );
}
