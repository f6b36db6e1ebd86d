import { useRef, useState } from 'react';
import { App, Button, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { listingsApi, photoProblem, photoSrc } from './api';

const MAX_PHOTOS = 20;

/** Sends the file after the same checks the server makes; answers the stored key, or null (the reason shown). */
function useUpload() {
  const { t } = useTranslation('listings');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(0);
  const upload = async (file: File): Promise<string | null> => {
    const problem = photoProblem(file, t);
    if (problem) {
      void message.error(problem);
      return null;
    }
    setBusy((n) => n + 1);
    try {
      return (await listingsApi.uploadPhoto(file)).key;
    } catch (e) {
      void message.error((e as Error).message);
      return null;
    } finally {
      setBusy((n) => n - 1);
    }
  };
  return { upload, busy: busy > 0 };
}

/** One photo (the logo or the cover): a preview, upload or replace, and remove. */
export function SinglePhoto({
  value,
  onChange,
  disabled,
  kind,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  disabled?: boolean;
  kind: 'logo' | 'cover';
}) {
  const { t } = useTranslation('listings');
  const { upload, busy } = useUpload();
  return (
    <div className={`ls-photo-one ls-photo-${kind}`} data-testid={`photo-${kind}`}>
      <div className="ls-photo-frame">
        {value ? (
          <img src={photoSrc(value)} alt={t(`fields.${kind}`)} />
        ) : (
          <span className="ls-photo-empty">
            <PictureOutlined /> {t(`photos.no.${kind}`)}
          </span>
        )}
      </div>
      {!disabled && (
        <div className="ls-photo-actions">
          <Upload
            accept="image/png,image/jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file).then((key) => key && onChange?.(key));
              return false;
            }}
          >
            <Button size="small" icon={<PictureOutlined />} loading={busy} data-testid={`upload-${kind}`}>
              {value ? t('photos.replace') : t('photos.upload')}
            </Button>
          </Upload>
          {value && (
            <Button
              size="small"
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(null)}
              aria-label={t(`photos.remove.${kind}`)}
            >
              {t('photos.removeButton')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** More photos: a grid of previews, each removable, and an add tile (several files at once). */
export function MorePhotos({
  value = [],
  onChange,
  disabled,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('listings');
  const { upload, busy } = useUpload();
  // Files chosen together arrive one by one: each adds to the latest list, not the one of its render.
  const latest = useRef(value);
  latest.current = value;
  const add = async (file: File) => {
    const key = await upload(file);
    if (!key) return;
    latest.current = [...latest.current, key].slice(0, MAX_PHOTOS);
    onChange?.(latest.current);
  };
  return (
    <div className="ls-photo-grid" data-testid="photo-more">
      {value.map((key, i) => (
        <div key={key} className="ls-photo-tile">
          <img src={photoSrc(key)} alt={t('photos.photoN', { n: i + 1 })} />
          {!disabled && (
            <Button
              size="small"
              shape="circle"
              className="ls-photo-remove"
              icon={<DeleteOutlined />}
              aria-label={t('photos.removeN', { n: i + 1 })}
              onClick={() => onChange?.(value.filter((k) => k !== key))}
            />
          )}
        </div>
      ))}
      {!disabled && value.length < MAX_PHOTOS && (
        <Upload
          accept="image/png,image/jpeg"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <button type="button" className="ls-photo-tile ls-photo-add" disabled={busy} data-testid="upload-photos">
            <PlusOutlined />
            <span>{busy ? t('photos.uploading') : t('photos.add')}</span>
          </button>
        </Upload>
      )}
      {disabled && !value.length && <span className="ls-muted">{t('photos.noMore')}</span>}
    </div>
  );
}
