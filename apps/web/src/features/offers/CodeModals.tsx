import { useState } from 'react';
import { Alert, App, Form, InputNumber, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { fileToBase64 } from '../settings/api';
import { SheetPicker } from '../settings/UploadModal';
import { offerKeys, offersApi, type CodeUploadReport, type Offer } from './api';

/** Generate unique random codes for an offer (up to 100,000 at once). */
export function GenerateModal({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t } = useTranslation('offers');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ count: number; length: number }>();
  const run = useMutation({
    mutationFn: (v: { count: number; length: number }) => offersApi.generate(offer.id, v.count, v.length),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: offerKeys.all });
      void message.success(t('codes.generated', { count: r.generated, n: formatNumber(r.generated) }));
      onClose();
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      open
      title={t('codes.generateTitle', { title: offer.title })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('codes.generate')}
      okButtonProps={{ 'data-testid': 'generate-submit' } as never}
      confirmLoading={run.isPending}
      destroyOnHidden
    >
      <p className="of-muted">{t('codes.generateHelp')}</p>
      <Form form={form} layout="vertical" initialValues={{ count: 100, length: 8 }} onFinish={(v) => run.mutate(v)}>
        <div className="of-grid2">
          <Form.Item
            label={t('codes.howMany')}
            name="count"
            rules={[{ required: true, message: t('codes.howManyMissing') }]}
          >
            <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} data-testid="generate-count" />
          </Form.Item>
          <Form.Item
            label={t('codes.length')}
            name="length"
            rules={[{ required: true, message: t('codes.lengthMissing') }]}
          >
            <InputNumber min={6} max={16} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

function Report({ report }: { report: CodeUploadReport }) {
  const { t } = useTranslation('offers');
  const problems = [
    ...report.duplicates.map((d) => ({ line: d.line, text: `${d.code}: ${d.reason}` })),
    ...report.rejected.map((r) => ({ line: r.line, text: r.reason })),
  ].sort((a, b) => a.line - b.line);
  return (
    <Alert
      style={{ marginBlockStart: 12 }}
      type={problems.length ? 'warning' : 'success'}
      showIcon
      title={t('codes.report', {
        imported: formatNumber(report.imported),
        duplicates: formatNumber(report.duplicates.length),
        rejected: formatNumber(report.rejected.length),
      })}
      description={
        problems.length ? (
          <ul className="of-report" data-testid="upload-report">
            {problems.map((p) => (
              <li key={`${p.line}-${p.text}`}>
                {t('codes.line', { line: formatNumber(p.line) })} {p.text}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

/** A point of sale's own codes from an .xlsx or .csv file; good rows are imported, the others listed by line. */
export function UploadCodesModal({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t } = useTranslation('offers');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: async (f: File) => offersApi.upload(offer.id, f.name, await fileToBase64(f)),
    onSuccess: () => {
      setFile(null);
      void qc.invalidateQueries({ queryKey: offerKeys.all });
    },
  });
  return (
    <Modal
      open
      title={t('codes.uploadTitle', { title: offer.title })}
      onCancel={onClose}
      okText={t('codes.upload')}
      cancelText={t('codes.close')}
      okButtonProps={{ disabled: !file, 'data-testid': 'upload-submit' } as never}
      confirmLoading={send.isPending}
      onOk={() => file && send.mutate(file)}
      destroyOnHidden
      width={620}
    >
      <p className="of-muted">
        <Trans t={t} i18nKey="codes.uploadHelp" components={{ b: <b /> }} />
      </p>
      <SheetPicker
        file={file}
        onExample={() => void offersApi.example().catch((e: Error) => message.error(e.message))}
        onChange={(f) => {
          setFile(f);
          send.reset();
        }}
      />
      {send.isSuccess && <Report report={send.data} />}
      {send.isError && <Alert type="error" showIcon style={{ marginBlockStart: 12 }} title={send.error.message} />}
    </Modal>
  );
}
