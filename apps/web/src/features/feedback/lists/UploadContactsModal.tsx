import { useState } from 'react';
import { Alert, App, Modal, Statistic, Table } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileToBase64 } from '../../settings/api';
import { SheetPicker } from '../../settings/UploadModal';
import { listKeys, listsApi, type ContactUploadReport } from './api';

/** What the upload did: the counts, then every rejected row with its line and reason. */
export function UploadReport({ report }: { report: ContactUploadReport }) {
  return (
    <div className="fl-report" data-testid="upload-report">
      <div className="fl-report-counts">
        <Statistic title="Added" value={report.added} />
        <Statistic title="Merged" value={report.merged} />
        <Statistic
          title="Rejected"
          value={report.rejected}
          styles={{ content: { color: report.rejected ? '#cf1322' : undefined } }}
        />
        <Statistic title="In the list now" value={report.list_total} />
      </div>
      {report.rejected > 0 ? (
        <Table
          size="small"
          rowKey="row"
          pagination={report.rejected_rows.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
          dataSource={report.rejected_rows}
          columns={[
            { title: 'Row', dataIndex: 'row', width: 64 },
            { title: 'Why it was rejected', dataIndex: 'reason' },
          ]}
          data-testid="upload-rejected"
        />
      ) : (
        <Alert type="success" showIcon title="Every row was imported." />
      )}
      {report.merged > 0 && (
        <p className="fl-sub">
          Merged rows had an email or phone already in your contacts (or on an earlier row): that contact was filled in
          and added to the list once.
        </p>
      )}
    </div>
  );
}

/** Contacts from an .xlsx or .csv file into a list; good rows go in, the others are listed by row. */
export function UploadContactsModal({ listId, onClose }: { listId: number; onClose: () => void }) {
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
      title="Upload contacts"
      onCancel={onClose}
      okText="Upload"
      cancelText="Close"
      okButtonProps={{ disabled: !file, 'data-testid': 'upload-submit' } as never}
      confirmLoading={send.isPending}
      onOk={() => file && send.mutate(file)}
      destroyOnHidden
      width={640}
    >
      <p className="fl-muted">
        An Excel (.xlsx) or CSV file with the columns <b>Name</b>, <b>Email</b>, <b>Phone</b>, <b>Location</b> (name or
        your location ID), <b>Tags</b> (separated by commas), <b>Consent</b> (yes or no) and <b>Last visit</b>. Each row
        needs an email or a phone. A contact you already have is filled in, not repeated.
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
      {send.isError && <Alert type="error" showIcon style={{ marginTop: 12 }} title={send.error.message} />}
    </Modal>
  );
}
