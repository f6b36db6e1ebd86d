import { useState } from 'react';
import { Alert, App, Modal, Statistic, Table } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileToBase64 } from '../../settings/api';
import { SheetPicker } from '../../settings/UploadModal';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { listKeys, listsApi, type ContactUploadReport } from './api';

/** What the upload did: the counts, then every rejected row with its line and reason. */
export function UploadReport({ report }: { report: ContactUploadReport }) {
  const { t } = useTranslation('feedback');
  const n = (v: number) => formatNumber(v);
  return (
    <div className="fl-report" data-testid="upload-report">
      <div className="fl-report-counts">
        <Statistic title={t('upload.added')} value={n(report.added)} />
        <Statistic title={t('upload.mergedTitle')} value={n(report.merged)} />
        <Statistic
          title={t('upload.rejected')}
          value={n(report.rejected)}
          styles={{ content: { color: report.rejected ? '#cf1322' : undefined } }}
        />
        <Statistic title={t('upload.inList')} value={n(report.list_total)} />
      </div>
      {report.rejected > 0 ? (
        <Table
          size="small"
          rowKey="row"
          pagination={report.rejected_rows.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
          dataSource={report.rejected_rows}
          columns={[
            { title: t('upload.row'), dataIndex: 'row', width: 64, render: (v: number) => n(v) },
            { title: t('upload.why'), dataIndex: 'reason' },
          ]}
          data-testid="upload-rejected"
        />
      ) : (
        <Alert type="success" showIcon title={t('upload.allImported')} />
      )}
      {report.merged > 0 && <p className="fl-sub">{t('upload.mergedHelp')}</p>}
    </div>
  );
}

/** Contacts from an .xlsx or .csv file into a list; good rows go in, the others are listed by row. */
export function UploadContactsModal({ listId, onClose }: { listId: number; onClose: () => void }) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: async (f: File) => listsApi.upload(listId, f.name, await fileToBase64(f)),
    onSuccess: () => {
      setFile(null);
      void qc.invalidateQueries({ queryKey: listKeys.all });
    },
  });
  return (
    <Modal
      open
      title={t('upload.title')}
      onCancel={onClose}
      okText={t('lists.upload')}
      cancelText={t('upload.close')}
      okButtonProps={{ disabled: !file, 'data-testid': 'upload-submit' } as never}
      confirmLoading={send.isPending}
      onOk={() => file && send.mutate(file)}
      destroyOnHidden
      width={640}
    >
      <p className="fl-muted">
        <Trans t={t} i18nKey="upload.help" components={{ b: <b /> }} />
      </p>
      <SheetPicker
        file={file}
        onExample={() => void listsApi.example().catch((e: Error) => message.error(e.message))}
        onChange={(f) => {
          setFile(f);
          send.reset();
        }}
      />
      {send.isSuccess && <UploadReport report={send.data} />}
      {send.isError && <Alert type="error" showIcon style={{ marginBlockStart: 12 }} title={send.error.message} />}
    </Modal>
  );
}
