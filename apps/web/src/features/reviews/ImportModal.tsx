import { useEffect, useState } from 'react';
import { Alert, App, Button, Modal, Progress, Table, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { int } from '../reporting/display';
import { reviewsApi, type ImportStatus } from './api';
import { reviewKeys } from './queryKeys';

function toBase64(file: File, unreadable: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(new Error(unreadable));
    reader.readAsDataURL(file);
  });
}

/**
 * The bar and the line under it: rows checked, reviews saved, then the report figures brought up to
 * date (the server reports the first two as it goes). Checking fills the bar to 20% and saving to 90%;
 * the report figures, about a third of a 100,000-row upload's saving time, have no count of their own,
 * so the bar waits at 90% until the import is done.
 */
function importProgress(s: ImportStatus, t: TFunction): { percent: number; phase: string } {
  if (s.status === 'done') return { percent: 100, phase: '' };
  if (s.acceptedRows > 0 && s.savedRows >= s.acceptedRows)
    return { percent: 90, phase: t('import.updating', { count: s.acceptedRows, value: int(s.acceptedRows) }) };
  if (s.acceptedRows > 0) {
    // No count yet: the first slice is still going in, or (embedded database) counts arrive only at the end.
    const phase =
      s.savedRows > 0
        ? t('import.savingOf', { saved: int(s.savedRows), total: int(s.acceptedRows) })
        : t('import.saving', { count: s.acceptedRows, value: int(s.acceptedRows) });
    return { percent: 20 + Math.floor((70 * s.savedRows) / s.acceptedRows), phase };
  }
  if (s.totalRows === 0) return { percent: 0, phase: t('import.reading') };
  return {
    percent: Math.floor((20 * s.processedRows) / s.totalRows),
    phase: t('import.checking', { processed: int(s.processedRows), total: int(s.totalRows) }),
  };
}

/** Review upload: pick a CSV or Excel file, watch its progress, read the row report. */
export function ImportModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('reviews');
  const { message } = App.useApp();
  const [importId, setImportId] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => reviewsApi.upload(file.name, await toBase64(file, t('import.unreadable'))),
    onSuccess: (s) => setImportId(s.id),
    onError: (e) => void message.error(e.message),
  });
  const status = useQuery({
    queryKey: reviewKeys.upload(importId),
    queryFn: () => reviewsApi.uploadStatus(importId!),
    enabled: importId !== null,
    refetchInterval: (q) => ((q.state.data as ImportStatus | undefined)?.status === 'running' ? 700 : false),
  });
  const s = status.data;
  useEffect(() => {
    if (s?.status === 'done') onDone();
  }, [s?.status, onDone]);
  const download = async (text: Promise<string>, fileName: string) => {
    const url = URL.createObjectURL(new Blob([await text], { type: 'text/csv' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
    a.click();
    URL.revokeObjectURL(url);
  };
  const example = () => download(reviewsApi.example(), 'reviews-upload-example.csv');
  const rejectedRows = (id: number) =>
    download(reviewsApi.rejectedCsv(id), `reviews-upload-${id}-rejected.csv`).catch(
      (e: Error) => void message.error(e.message),
    );
  const progress = s ? importProgress(s, t) : null;
  return (
    <Modal
      open
      title={t('import.title')}
      onCancel={onClose}
      footer={
        <Button onClick={onClose}>{s?.status === 'running' ? t('import.closeRunning') : t('import.close')}</Button>
      }
      width={640}
    >
      <p>
        <Trans t={t} i18nKey="import.intro" components={{ code: <code dir="ltr" /> }} />
      </p>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => void example()}
        style={{ marginBottom: 12 }}
        data-testid="example-file"
      >
        {t('import.example')}
      </Button>
      {!importId && (
        <Upload.Dragger
          accept=".csv,.xlsx"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            upload.mutate(file);
            return false;
          }}
          disabled={upload.isPending}
          data-testid="import-dropzone"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{upload.isPending ? t('import.uploading') : t('import.drop')}</p>
        </Upload.Dragger>
      )}
      {s && progress && (
        <div data-testid="import-status">
          <Progress
            aria-label={t('import.progress')}
            percent={progress.percent}
            status={s.status === 'failed' ? 'exception' : s.status === 'done' ? 'success' : 'active'}
          />
          {s.status === 'running' && <p data-testid="import-phase">{progress.phase}</p>}
          {s.status === 'failed' && <Alert type="error" showIcon title={t('import.nothing')} description={s.error} />}
          {s.status === 'done' && (
            <Alert
              type={s.rejectedTotal ? 'warning' : 'success'}
              showIcon
              title={t('import.result', {
                imported: int(s.imported),
                duplicates: int(s.duplicates),
                rejected: int(s.rejectedTotal),
              })}
              data-testid="import-result"
            />
          )}
          {s.status === 'done' && s.rejectedTotal > 0 && (
            <p style={{ marginTop: 12 }}>
              {s.rejectedTotal > s.rejected.length
                ? `${t('import.firstRejected', { shown: int(s.rejected.length), total: int(s.rejectedTotal) })} `
                : ''}
              <Button
                type="link"
                icon={<DownloadOutlined />}
                onClick={() => void rejectedRows(s.id)}
                style={{ padding: 0 }}
                data-testid="rejected-csv"
              >
                {t('import.downloadRejected', { count: s.rejectedTotal, value: int(s.rejectedTotal) })}
              </Button>
            </p>
          )}
          {s.rejected.length > 0 && (
            <Table
              size="small"
              style={{ marginTop: 12 }}
              rowKey="line"
              dataSource={s.rejected}
              pagination={{ pageSize: 8, size: 'small' }}
              columns={[
                { title: t('import.line'), dataIndex: 'line', width: 70, render: (v: number) => int(v) },
                { title: t('import.reason'), dataIndex: 'reason' },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
