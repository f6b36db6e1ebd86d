import { useState } from 'react';
import { Alert, App, Form, InputNumber, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileToBase64 } from '../settings/api';
import { SheetPicker } from '../settings/UploadModal';
import { offerKeys, offersApi, type CodeUploadReport, type Offer } from './api';

/** Generate unique random codes for an offer (up to 100,000 at once). */
export function GenerateModal({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ count: number; length: number }>();
  const run = useMutation({
    mutationFn: (v: { count: number; length: number }) => offersApi.generate(offer.id, v.count, v.length),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: offerKeys.all });
      void message.success(`${r.generated.toLocaleString('en')} codes generated.`);
      onClose();
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      open
      title={`Generate codes: ${offer.title}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Generate"
      okButtonProps={{ 'data-testid': 'generate-submit' } as never}
      confirmLoading={run.isPending}
      destroyOnHidden
    >
      <p className="of-muted">
        Each code is unique across your company, random, and free of look-alike characters (no 0/O or 1/I/L).
      </p>
      <Form form={form} layout="vertical" initialValues={{ count: 100, length: 8 }} onFinish={(v) => run.mutate(v)}>
        <div className="of-grid2">
          <Form.Item label="How many" name="count" rules={[{ required: true, message: 'How many codes?' }]}>
            <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} data-testid="generate-count" />
          </Form.Item>
          <Form.Item label="Characters per code" name="length" rules={[{ required: true, message: 'How long?' }]}>
            <InputNumber min={6} max={16} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

function Report({ report }: { report: CodeUploadReport }) {
  const problems = [
    ...report.duplicates.map((d) => ({ line: d.line, text: `${d.code}: ${d.reason}` })),
    ...report.rejected.map((r) => ({ line: r.line, text: r.reason })),
  ].sort((a, b) => a.line - b.line);
  return (
    <Alert
      style={{ marginTop: 12 }}
      type={problems.length ? 'warning' : 'success'}
      showIcon
      title={`${report.imported} imported, ${report.duplicates.length} duplicate, ${report.rejected.length} rejected`}
      description={
        problems.length ? (
          <ul className="of-report" data-testid="upload-report">
            {problems.map((p) => (
              <li key={`${p.line}-${p.text}`}>
                Line {p.line}: {p.text}
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
      title={`Upload codes: ${offer.title}`}
      onCancel={onClose}
      okText="Upload"
      cancelText="Close"
      okButtonProps={{ disabled: !file, 'data-testid': 'upload-submit' } as never}
      confirmLoading={send.isPending}
      onOk={() => file && send.mutate(file)}
      destroyOnHidden
      width={620}
    >
      <p className="of-muted">
        An Excel (.xlsx) or CSV file with a <b>Code</b> column (3 to 32 letters and digits) and, if you know them,{' '}
        <b>Name</b>, <b>Email</b> and <b>Phone</b> of whom it was given to. Codes already in the file or in your company
        are reported as duplicates.
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
      {send.isError && <Alert type="error" showIcon style={{ marginTop: 12 }} title={send.error.message} />}
    </Modal>
  );
}
