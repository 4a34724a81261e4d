import { userChannel } from '@wac/shared/realtime';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { processImage, readUpload, uploadedFile } from '../../lib/images';
import { rows } from '../../lib/sql';
import { deleteFile, fileIdOf, fileUrl, insertFile } from '../files/files.repository';

interface ProfileRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  avatar: string | null;
  language: string | null;
  version: number;
}

const toProfile = (r: ProfileRow) => ({
  uuid: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  phone: r.phone,
  avatar: r.avatar,
  language: r.language,
  version: r.version,
});
const snapshot = (r: ProfileRow) => ({
  firstName: r.first_name,
  lastName: r.last_name,
  phone: r.phone,
  language: r.language,
  avatar: r.avatar,
});

async function find(tx: Tx, id: string, lock = false) {
  const [r] = await rows<ProfileRow>(
    tx,
    sql`SELECT id, email, first_name, last_name, phone, avatar, language, version FROM users WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  if (!r) throw new AppError('NOT_FOUND');
  return r;
}

export async function get(app: FastifyInstance, request: FastifyRequest) {
  return toProfile(await app.db.scoped(request.scope, (tx) => find(tx, request.principal!.userId)));
}

async function change(
  app: FastifyInstance,
  request: FastifyRequest,
  version: number | null,
  sets: SQL[],
  action: string,
  after?: (tx: Tx, before: ProfileRow) => Promise<void>,
) {
  const userId = request.principal!.userId;
  const updated = await app.db.scoped(request.scope, async (tx) => {
    const before = await find(tx, userId, true);
    if (version !== null && before.version !== version) throw new AppError('VERSION_CONFLICT');
    await tx.execute(
      sql`UPDATE users SET ${sql.join([sql`version = version + 1`, sql`updated_at = now()`, ...sets], sql`, `)} WHERE id = ${userId}`,
    );
    const next = await find(tx, userId);
    if (after) await after(tx, before);
    await audit(tx, request, {
      action,
      targetType: 'user',
      targetId: userId,
      before: snapshot(before),
      after: snapshot(next),
    });
    return next;
  });
  await app.bus.publish(userChannel(userId), { type: 'user_profile_updated' });
  return toProfile(updated);
}

export function update(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { version: number; firstName?: string; lastName?: string; phone?: string | null; language?: string | null },
) {
  const sets: SQL[] = [];
  if (body.firstName !== undefined) sets.push(sql`first_name = ${body.firstName}`);
  if (body.lastName !== undefined) sets.push(sql`last_name = ${body.lastName}`);
  if (body.phone !== undefined) sets.push(sql`phone = ${body.phone || null}`);
  if (body.language !== undefined) sets.push(sql`language = ${body.language}`);
  return change(app, request, body.version, sets, 'profile.update');
}

export async function uploadAvatar(app: FastifyInstance, request: FastifyRequest, version: number | null) {
  const image = await processImage(await readUpload(await uploadedFile(request)), 256);
  const fileId = await app.db.scoped(request.scope, (tx) =>
    insertFile(tx, {
      purpose: 'avatar',
      contentType: image.contentType,
      data: image.data,
      createdBy: request.principal!.userId,
    }),
  );
  try {
    return await change(
      app,
      request,
      version,
      [sql`avatar = ${fileUrl(fileId)}`],
      'profile.avatar',
      async (tx, before) => {
        const old = fileIdOf(before.avatar);
        if (old) await deleteFile(tx, old);
      },
    );
  } catch (e) {
    await app.db.scoped(request.scope, (tx) => deleteFile(tx, fileId));
    throw e;
  }
}

export function removeAvatar(app: FastifyInstance, request: FastifyRequest, version: number | null) {
  return change(app, request, version, [sql`avatar = NULL`], 'profile.avatar', async (tx, before) => {
    const old = fileIdOf(before.avatar);
    if (old) await deleteFile(tx, old);
  });
}
