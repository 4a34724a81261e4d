import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { files } from '../../db/schema/index';

export async function insertFile(
  tx: Tx,
  input: { purpose: string; contentType: string; data: Buffer; createdBy: string | null },
) {
  const [row] = await tx
    .insert(files)
    .values({ ...input, size: input.data.length })
    .returning({ id: files.id });
  return row!.id;
}

export async function findFile(tx: Tx, id: string) {
  const [row] = await tx.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

export async function deleteFile(tx: Tx, id: string) {
  await tx.delete(files).where(eq(files.id, id));
}

/** The public URL of a stored file. */
export const fileUrl = (id: string) => `/api/files/${id}`;
/** The file id of a URL built by fileUrl, or null for anything else. */
export function fileIdOf(url: string | null | undefined): string | null {
  const m = url?.match(/^\/api\/files\/([0-9a-f-]{36})$/);
  return m ? m[1]! : null;
}
