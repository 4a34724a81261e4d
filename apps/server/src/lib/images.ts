import type { MultipartFile } from '@fastify/multipart';
import { createRequire } from 'node:module';
import { MAX_FILE_BYTES } from '@wac/shared/constants';
import { AppError } from './errors';

// sharp is loaded on the first image, not at start-up: its native library costs about 90 ms to load.
const requireHere = createRequire(import.meta.url);
type Sharp = typeof import('sharp').default;
let sharpModule: Sharp | undefined;
const sharp: Sharp = ((...args: Parameters<Sharp>) => {
  sharpModule ??= requireHere('sharp') as Sharp;
  return sharpModule(...args);
}) as Sharp;

export type ImageKind = 'png' | 'jpeg' | 'webp';

/** The real type of an image by its first bytes; the client's Content-Type and file name are not trusted. */
export function sniffImage(head: Buffer): ImageKind | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** The one file of a multipart request (routes call it); anything else is refused before reading a byte. */
export async function uploadedFile(
  request: {
    isMultipart(): boolean;
    file(options?: { limits: { fileSize: number } }): Promise<MultipartFile | undefined>;
  },
  /** A route's own limit (the members import); every other upload keeps the plugin's MAX_FILE_BYTES. */
  fileSize?: number,
): Promise<MultipartFile | undefined> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    return await (fileSize ? request.file({ limits: { fileSize } }) : request.file());
  } catch (e) {
    throw malformed(e);
  }
}

/**
 * The multipart parser throws plain errors for a body a client broke (a cut-off part, a bad part
 * header, a missing boundary): those are the client's 400, not a server fault. Errors that carry
 * their own status (too large, too many files) keep it.
 */
export function malformed(e: unknown): unknown {
  if (e instanceof AppError) return e;
  if (e && typeof e === 'object' && typeof (e as { statusCode?: unknown }).statusCode === 'number') return e;
  return new AppError('BAD_REQUEST');
}

/**
 * Reads an uploaded file, stopping as soon as it passes the limit (never buffering more than the
 * limit), and checks its magic bytes before any decoding.
 */
export async function readUpload(
  file: MultipartFile | undefined,
  limit = MAX_FILE_BYTES,
  tooLarge: 'FILE_TOO_LARGE' | 'IMPORT_FILE_TOO_LARGE' = 'FILE_TOO_LARGE',
): Promise<Buffer> {
  if (!file) throw new AppError('BAD_REQUEST');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        file.file.resume();
        throw new AppError(tooLarge);
      }
      chunks.push(chunk);
    }
  } catch (e) {
    throw malformed(e);
  }
  if (file.file.truncated) throw new AppError(tooLarge);
  return Buffer.concat(chunks, size);
}

export interface ProcessedImage {
  data: Buffer;
  contentType: string;
}

/**
 * Re-encodes an image in its own format: drops every metadata block (EXIF, GPS, ICC, comments)
 * and anything appended after the image data, applies the EXIF orientation, fits it in max×max.
 */
export async function processImage(input: Buffer, max = 512): Promise<ProcessedImage> {
  const kind = sniffImage(input);
  if (!kind) throw new AppError('UNSUPPORTED_FILE_TYPE');
  try {
    // A 2 MB file may still claim gigapixels (decompression bomb): cap the decoded size.
    const img = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(max, max, { fit: 'inside', withoutEnlargement: true });
    const data =
      kind === 'png'
        ? await img.png({ compressionLevel: 9 }).toBuffer()
        : kind === 'jpeg'
          ? await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
          : await img.webp({ quality: 85 }).toBuffer();
    return { data, contentType: `image/${kind}` };
  } catch {
    // Right magic bytes but not a decodable image.
    throw new AppError('UNSUPPORTED_FILE_TYPE');
  }
}
