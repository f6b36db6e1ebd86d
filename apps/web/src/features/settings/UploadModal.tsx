import { useState } from 'react';
import { Alert, App, Button, Modal, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../i18n/messages';
import './i18n'; // loads the validation catalogue that translateMessage reads
import { ApiError } from '../../lib/api';
import { download, fileToBase64, type UploadField } from './api';
import { settingsKeys } from './queryKeys';

// Apart from ui.tsx: only the pages with an upload load antd's Upload and Progress.

/** A rejected upload's row report from the error details (`row N`: reason). */
function rowReport(t: TFunction<'settings'>, error: unknown): { title: string; rows: string[] } | null {
  if (!(error instanceof ApiError)) return null;
  return {
    title: translateMessage(error.message),
    rows: error.details.map((d) => {
      const row = /^row (\d+)$/.exec(d.field);
      return `${row ? t('upload.row', { n: row[1] }) : d.field}: ${translateMessage(d.message)}`;
    }),
  };
}

/** The example-file button and the drop zone of an .xlsx or .csv upload (one file, read by the caller). */
export function SheetPicker({
  file,
  onChange,
  onExample,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  onExample: () => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={onExample} style={{ marginBottom: 12 }}>
        {t('actions.exampleFile')}
      </Button>
      <Upload.Dragger
        accept=".xlsx,.csv"
        maxCount={1}
        beforeUpload={(f) => {
          onChange(f);
          return false;
        }}
        onRemove={() => onChange(null)}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        data-testid="upload-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('upload.drop')}</p>
      </Upload.Dragger>
    </>
  );
}

/**
 * Upload of an .xlsx or .csv file with the expected columns, the example file and, after a
 * rejected file, every wrong row with its reason (nothing is imported then).
 */
export function UploadModal({
  onClose,
  title,
  fields,
  examplePath,
  upload,
  describe,
}: {
  onClose: () => void;
  title: string;
  fields: () => Promise<{ fields: UploadField[] }>;
  examplePath: string;
  upload: (filename: string, content: string) => Promise<unknown>;
  describe: (result: never) => string;
}) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const columns = useQuery({ queryKey: settingsKeys.uploadFields(examplePath), queryFn: fields });
  const send = useMutation({
    mutationFn: async (f: File) => upload(f.name, await fileToBase64(f)),
    onSuccess: (result) => {
      void message.success(describe(result as never));
      setFile(null);
      onClose();
    },
  });
  const report = send.isError ? rowReport(t, send.error) : null;
  const close = () => {
    send.reset();
    setFile(null);
    onClose();
  };
  return (
    <Modal
      title={title}
      open
      onCancel={close}
      okText={t('actions.upload')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !file, 'data-testid': 'upload-submit' } as never}
      confirmLoading={send.isPending}
      onOk={() => file && send.mutate(file)}
      destroyOnHidden
      width={620}
    >
      <p style={{ marginTop: 0 }}>{t('upload.intro')}</p>
      <ul className="st-fields">
        {(columns.data?.fields ?? []).map((f) => (
          <li key={f.key}>
            <strong>{f.title}</strong>
            {f.required ? t('upload.required') : ''}
            {f.description ? ` — ${f.description}` : ''}
          </li>
        ))}
      </ul>
      <SheetPicker
        file={file}
        onExample={() => void download(examplePath).catch((e: Error) => message.error(translateMessage(e.message)))}
        onChange={(f) => {
          setFile(f);
          send.reset();
        }}
      />
      {send.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={report?.title ?? translateMessage(send.error.message)}
          description={
            report?.rows.length ? (
              <ul className="st-report" data-testid="upload-report">
                {report.rows.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}
