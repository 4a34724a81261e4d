import type { Infra } from '../../lib/context';
import { hit } from './rate-limit';

/**
 * The auth flows' fixed-window limits (the `rate_limits` table, shared by every process), offered to
 * other modules: the public company pages count their visitors' forms per IP and per page with it.
 */
export async function limitVisitor(infra: Pick<Infra, 'db' | 'config'>, input: { ip: string; pageId: string }) {
  await hit(infra, 'visitorPage', input.pageId);
  await hit(infra, 'visitorIp', input.ip);
}
