import type { AuditAction } from '@wac/shared/audit';
import { userChannel } from '@wac/shared/realtime';
import type { Tx } from '../../db/client';
import { actingUser, type Ctx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { processImage } from '../../lib/images';
import * as files from '../files/files.service';
import * as repo from './profile.repository';

const toProfile = (r: repo.ProfileRow) => ({
  uuid: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  phone: r.phone,
  avatar: r.avatar,
  language: r.language,
  version: r.version,
});
const snapshot = (r: repo.ProfileRow) => ({
  firstName: r.first_name,
  lastName: r.last_name,
  phone: r.phone,
  language: r.language,
  avatar: r.avatar,
});

async function find(tx: Tx, id: string, lock = false) {
  const r = await repo.find(tx, id, lock);
  if (!r) throw new AppError('NOT_FOUND');
  return r;
}

/** The acting user's own account. */
export async function get(ctx: Ctx) {
  const userId = actingUser(ctx);
  return toProfile(await ctx.run((tx) => find(tx, userId)));
}

async function change(
  ctx: Ctx,
  version: number | null,
  patch: repo.ProfilePatch,
  action: Extract<AuditAction, `profile.${string}`>,
  after?: (tx: Tx, before: repo.ProfileRow) => Promise<void>,
) {
  const userId = actingUser(ctx);
  const updated = await ctx.run(async (tx) => {
    const before = await find(tx, userId, true);
    if (version !== null && before.version !== version) throw new AppError('VERSION_CONFLICT');
    await repo.update(tx, userId, patch);
    const next = await find(tx, userId);
    if (after) await after(tx, before);
    await ctx.audit(tx, {
      action,
      targetType: 'user',
      targetId: userId,
      before: snapshot(before),
      after: snapshot(next),
    });
    return next;
  });
  await ctx.publish(userChannel(userId), { type: 'user_profile_updated' });
  return toProfile(updated);
}

export function update(
  ctx: Ctx,
  {
    version,
    ...body
  }: { version: number; firstName?: string; lastName?: string; phone?: string | null; language?: string | null },
) {
  const patch: repo.ProfilePatch = { ...body, phone: body.phone === undefined ? undefined : body.phone || null };
  return change(ctx, version, patch, 'profile.update');
}

const dropOldAvatar = async (tx: Tx, before: repo.ProfileRow) => {
  const old = files.fileIdOf(before.avatar);
  if (old) await files.deleteInTx(tx, old);
};

/** A new avatar from the uploaded bytes (re-encoded, metadata dropped); the old one is deleted. */
export async function uploadAvatar(ctx: Ctx, { bytes, version }: { bytes: Buffer; version: number | null }) {
  const userId = actingUser(ctx);
  const image = await processImage(bytes, 256);
  const fileId = await ctx.run((tx) =>
    files.storeInTx(tx, { purpose: 'avatar', contentType: image.contentType, data: image.data, createdBy: userId }),
  );
  try {
    return await change(ctx, version, { avatar: files.fileUrl(fileId) }, 'profile.avatar', dropOldAvatar);
  } catch (e) {
    await ctx.run((tx) => files.deleteInTx(tx, fileId));
    throw e;
  }
}

export function removeAvatar(ctx: Ctx, { version }: { version: number | null }) {
  return change(ctx, version, { avatar: null }, 'profile.avatar', dropOldAvatar);
}
