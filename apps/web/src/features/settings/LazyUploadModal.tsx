import type { ComponentProps } from 'react';
import { lazyPart } from '../../lib/lazyPart';

const UploadModal = lazyPart(() => import('./UploadModal').then((m) => m.UploadModal));

/** The spreadsheet upload dialog of the locations and team pages while `open`, fetched when first opened. */
export function LazyUploadModal({ open, ...props }: ComponentProps<typeof UploadModal> & { open: boolean }) {
  return open ? <UploadModal {...props} /> : null;
}
