import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { ApiError } from '../../errors';
import { sha256 } from '../../lib/hash';

export const IMAGE_FORMATS = ['png', 'gif', 'jpeg', 'webp'] as const;
const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
/**
 * The most pixels an upload may have (about 7,000 x 7,000): a small file that declares 10,000 x 10,000
 * (a decompression bomb) would take 400 MB to decode. Checked from the header, before any decoding.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
const LARGE_SIDE = 1600;
export const THUMB_SIDE = 400;

export interface StoredImage {
  /** Path under /images/ of the picture (at most 1600 px a side, metadata stripped). */
  img: string;
  /** Path of the list thumbnail (400 px, webp). */
  thumb: string;
}

/** Whether the bytes are an MP4 or QuickTime movie (an `ftyp` box, or a QuickTime `moov`/`mdat`/`wide` atom). */
export function videoKind(data: Buffer): 'mp4' | 'mov' | null {
  if (data.length < 12) return null;
  const box = data.toString('latin1', 4, 8);
  if (box === 'ftyp') return data.toString('latin1', 8, 10) === 'qt' ? 'mov' : 'mp4';
  if (['moov', 'mdat', 'wide', 'free'].includes(box)) return 'mov';
  return null;
}

/** Files live under the uploads folder as <store>/<kind>/<content hash>.<ext>; the same bytes are stored once. */
export function createImageStore(uploadsDir: string) {
  const write = async (rel: string, data: Buffer) => {
    const file = path.join(uploadsDir, rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
    return rel;
  };

  /**
   * Checks that the bytes are an image (png, gif, jpeg, webp) and makes its two sizes, writing nothing yet:
   * a caller with several files prepares them all first, so one bad file leaves nothing stored.
   */
  const prepareImage = async (storeId: number, kind: string, data: Buffer): Promise<{ save(): Promise<StoredImage> }> => {
    if (data.length > MAX_IMAGE_BYTES) throw new ApiError(413, 'too_large');
    let meta: Metadata;
    try {
      meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    } catch {
      throw new ApiError(400, 'unsupported_file');
    }
    const format = meta.format as (typeof IMAGE_FORMATS)[number];
    if (!IMAGE_FORMATS.includes(format)) throw new ApiError(400, 'unsupported_file');
    if (!meta.width || !meta.height || meta.width * (meta.pageHeight ?? meta.height) > MAX_IMAGE_PIXELS) throw new ApiError(400, 'unsupported_file');
    const base = `${storeId}/${kind}/${sha256(data.toString('base64')).slice(0, 24)}`;
    const ext = format === 'jpeg' ? 'jpg' : format;
    let large: Buffer;
    let thumb: Buffer;
    try {
      // A header that reads fine over broken pixel data (a cut-off upload) fails here: still the client's file.
      // Every format is decoded and encoded anew (GIF too, frames kept): bytes hidden after the image (an
      // HTML or script polyglot) never reach the uploads folder.
      large =
        format === 'gif'
          ? await sharp(data, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS }).gif().toBuffer()
          : await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: LARGE_SIDE, height: LARGE_SIDE, fit: 'inside', withoutEnlargement: true }).toFormat(format, { quality: 82 }).toBuffer();
      thumb = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
    } catch {
      throw new ApiError(400, 'unsupported_file');
    }
    return { save: async () => ({ img: await write(`${base}.${ext}`, large), thumb: await write(`${base}_t.webp`, thumb) }) };
  };
  const prepareVideo = (storeId: number, kind: string, data: Buffer): { save(): Promise<string> } => {
    if (data.length > MAX_VIDEO_BYTES) throw new ApiError(413, 'too_large');
    const ext = videoKind(data);
    if (!ext) throw new ApiError(400, 'unsupported_file');
    return { save: () => write(`${storeId}/${kind}/${sha256(data.toString('base64')).slice(0, 24)}.${ext}`, data) };
  };

  return {
    dir: uploadsDir,
    prepareImage,
    prepareVideo,
    /** Checks that the bytes are an image (png, gif, jpeg, webp), then stores it with its thumbnail. */
    async saveImage(storeId: number, kind: string, data: Buffer): Promise<StoredImage> {
      return (await prepareImage(storeId, kind, data)).save();
    },
    async saveVideo(storeId: number, kind: string, data: Buffer): Promise<string> {
      return prepareVideo(storeId, kind, data).save();
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;
