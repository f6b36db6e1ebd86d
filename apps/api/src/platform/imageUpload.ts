import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';
import { NUL_MESSAGE } from './input';
import { sniffImage, type ImageKind } from './storage';

/** Image uploads (brand logos, offer images): the multipart field "file", checked by its bytes. */

export interface UploadedFile {
  content: Buffer;
  truncated: boolean;
  mimetype: string;
}

/** The multipart field "file" of a request (read up to `maxBytes`, marked truncated beyond), or null. */
export async function readImageFile(request: FastifyRequest, maxBytes: number): Promise<UploadedFile | null> {
  if (!request.isMultipart()) return null;
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: false });
  if (!part || part.fieldname !== 'file') return null;
  if (part.filename.includes('\0')) throw badRequest(NUL_MESSAGE);
  const content = await part.toBuffer();
  return { content, truncated: part.file.truncated, mimetype: part.mimetype };
}

/** The image an upload holds, or the refusal: missing (400), too big (413) or not an image (400). */
export function acceptImage(
  file: UploadedFile | null,
  maxBytes: number,
  messages: { missing: string; tooBig: string; notImage: string },
): ImageKind {
  if (!file) throw badRequest(messages.missing, [{ field: 'file', message: messages.missing }]);
  if (file.truncated || file.content.length > maxBytes)
    throw new AppError(413, 'file_too_large', messages.tooBig, [{ field: 'file', message: messages.tooBig }]);
  const image = sniffImage(file.content);
  if (!image || !file.mimetype.startsWith('image/'))
    throw badRequest(messages.notImage, [{ field: 'file', message: messages.notImage }]);
  return image;
}
