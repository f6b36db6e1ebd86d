import { useState } from 'react';
import { App, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys, listsApi, type ContactList } from './api';

/** Name a new list or rename one. */
export function ListNameModal({
  list,
  onClose,
}: {
  list: ContactList | 'new';
  onClose: (saved?: ContactList) => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [name, setName] = useState(list === 'new' ? '' : list.name);
  const save = useMutation({
    mutationFn: () => (list === 'new' ? listsApi.create(name.trim()) : listsApi.rename(list.id, name.trim())),
    onSuccess: (saved) => {
      void qc.invalidateQueries({ queryKey: listKeys.all });
      void message.success(list === 'new' ? 'List created.' : 'List renamed.');
      onClose(saved);
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      open
      title={list === 'new' ? 'New list' : 'Rename list'}
      okText={list === 'new' ? 'Create' : 'Save'}
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
        placeholder="e.g. Weekend brunch guests"
        aria-label="List name"
        onChange={(e) => setName(e.target.value)}
        onPressEnter={() => name.trim() && save.mutate()}
        data-testid="list-name"
      />
    </Modal>
  );
}
