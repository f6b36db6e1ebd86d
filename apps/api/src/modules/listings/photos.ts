import { LOGO_MAX_BYTES, MSG } from '@reputo/core';
import type { FacebookPageInfoClient } from '../../connectors/facebook/pageInfo';
import type { GoogleMediaCategory, GoogleMediaClient, GoogleMediaItem } from '../../connectors/google/media';
import type { ListingFields } from '../../db/schema';
import { acceptImage, type UploadedFile } from '../../platform/imageUpload';
import { badRequest } from '../../platform/errors';
import { uploadUrl, type Storage } from '../../platform/storage';
import { PHOTO_FIELDS, PHOTO_KEY, type ListingField, type PhotoField } from './schemas';

/**
 * A listing's photos: the logo, the cover and more photos are uploaded files (JPEG or PNG, at most
 * 5 MB, stored as `listings/<random>.<ext>`) served publicly at `/v2/api/uploads/<key>`, from where
 * Google and Facebook fetch them. Google gets them as media items of its LOGO, COVER and ADDITIONAL
 * categories; Facebook the logo as the page's picture and the cover as its cover.
 */

export const PHOTO_NOT_IMAGE = 'The photo must be a JPEG or PNG image';
const UPLOAD_MESSAGES = {
  missing: 'Send the photo as the multipart field "file"',
  tooBig: MSG.logoTooBig,
  notImage: PHOTO_NOT_IMAGE,
};

/** Stores one photo of a listing; answers its key (what the listing's fields take) and where it is served. */
export async function uploadListingPhoto(
  storage: Storage,
  file: UploadedFile | null,
): Promise<{ key: string; url: string }> {
  const image = acceptImage(file, LOGO_MAX_BYTES, UPLOAD_MESSAGES);
  // Google takes JPEG and PNG photos only.
  if (image.ext !== 'png' && image.ext !== 'jpg')
    throw badRequest(PHOTO_NOT_IMAGE, [{ field: 'file', message: PHOTO_NOT_IMAGE }]);
  const key = await storage.save('listings', file!.content, image);
  return { key, url: uploadUrl(key)! };
}

/** Each photo key of the fields given that is not a stored file (a 400 names the first). */
export async function checkPhotosExist(storage: Storage, fields: Partial<ListingFields>): Promise<void> {
  for (const field of PHOTO_FIELDS) {
    const value = fields[field];
    const keys = Array.isArray(value) ? value : value ? [value] : [];
    for (const key of keys) {
      const file = await storage.open(key);
      file?.stream.destroy();
      if (!file) throw badRequest(`No such photo: ${key}`, [{ field, message: `No such photo: ${key}` }]);
    }
  }
}

export const isPhotoField = (f: ListingField): f is PhotoField => (PHOTO_FIELDS as readonly string[]).includes(f);

/** The public address of a stored photo, for a directory to fetch. */
export const publicPhotoUrl = (publicUrl: string, key: string) => `${publicUrl}${uploadUrl(key)}`;

/** The key of one of our photos from its public address (any host: the public URL may have changed), else null. */
export function keyOfPhotoUrl(url: string | undefined): string | null {
  const key = /\/v2\/api\/uploads\/(listings\/[^/?#]+)$/.exec(url ?? '')?.[1];
  return key && PHOTO_KEY.test(key) ? key : null;
}

const CATEGORY: Record<PhotoField, GoogleMediaCategory> = { logo: 'LOGO', cover: 'COVER', photos: 'ADDITIONAL' };
function wanted(ours: ListingFields, field: PhotoField): string[] {
  if (field === 'photos') return ours.photos;
  const key = ours[field];
  return key ? [key] : [];
}
const ofCategory = (items: GoogleMediaItem[], field: PhotoField) =>
  items.filter((i) => i.locationAssociation?.category === CATEGORY[field]);

/**
 * Makes Google's photos of each field match ours: a photo of ours it lacks is added (from its public
 * URL), one we added earlier and no longer hold is removed (after the new one is in). Photos others
 * added on Google are left alone. It reads Google's media first, so running it again after a failure
 * adds nothing twice.
 */
export async function pushGoogleMedia(
  client: GoogleMediaClient,
  token: string,
  location: string,
  ours: ListingFields,
  fields: readonly PhotoField[],
  publicUrl: string,
): Promise<void> {
  const items = await client.list(token, location);
  for (const field of fields) {
    const mine = ofCategory(items, field).filter((i) => keyOfPhotoUrl(i.sourceUrl));
    const want = wanted(ours, field);
    for (const key of want)
      if (!mine.some((i) => keyOfPhotoUrl(i.sourceUrl) === key))
        await client.create(token, location, CATEGORY[field], publicPhotoUrl(publicUrl, key));
    for (const item of mine) if (!want.includes(keyOfPhotoUrl(item.sourceUrl)!)) await client.remove(token, item.name);
  }
}

/**
 * Our photo fields as Google shows them: the keys of our photos there; a logo or cover someone else
 * set shows as its Google address.
 */
export function fromGoogleMedia(items: GoogleMediaItem[]): Pick<ListingFields, PhotoField> {
  const one = (field: 'logo' | 'cover') => {
    const list = ofCategory(items, field);
    return list.map((i) => keyOfPhotoUrl(i.sourceUrl)).find(Boolean) ?? list.at(-1)?.googleUrl ?? null;
  };
  return {
    logo: one('logo'),
    cover: one('cover'),
    photos: ofCategory(items, 'photos').flatMap((i) => keyOfPhotoUrl(i.sourceUrl) ?? []),
  };
}

/** The photo fields compared with a directory: the ones we set (an empty one is not managed). */
export const setPhotoFields = (ours: ListingFields): PhotoField[] =>
  PHOTO_FIELDS.filter((f) => (f === 'photos' ? ours.photos.length > 0 : ours[f] !== null));

/**
 * Facebook: the logo becomes the page's picture, the cover its cover. Facebook's API cannot remove
 * either, so a removed one is left there with a note (answered with the push).
 */
export async function pushFacebookPhotos(
  client: FacebookPageInfoClient,
  pageId: string,
  token: string,
  ours: ListingFields,
  fields: readonly ListingField[],
  publicUrl: string,
): Promise<string[]> {
  const notes: string[] = [];
  if (fields.includes('logo')) {
    if (ours.logo) await client.setPicture(pageId, token, publicPhotoUrl(publicUrl, ours.logo));
    else notes.push('Facebook keeps its profile picture: its API cannot remove one.');
  }
  if (fields.includes('cover')) {
    if (ours.cover) await client.setCover(pageId, token, publicPhotoUrl(publicUrl, ours.cover));
    else notes.push('Facebook keeps its cover: its API cannot remove one.');
  }
  return notes;
}
