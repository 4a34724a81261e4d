import type { Tx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import * as repo from './files.repository';

/** Uploaded images (logos, avatars): other modules store and drop them inside their own transactions. */

export { fileIdOf, fileUrl } from './files.repository';

/** A stored file by its id (public: addressed by a random uuid). */
export async function get(ctx: Ctx, id: string) {
  const file = await ctx.system((tx) => repo.findFile(tx, id));
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}

/** Stores a file inside the caller's transaction; answers its id. */
export const storeInTx = (tx: Tx, input: Parameters<typeof repo.insertFile>[1]) => repo.insertFile(tx, input);

/** Drops a file inside the caller's transaction. */
export const deleteInTx = (tx: Tx, id: string) => repo.deleteFile(tx, id);
