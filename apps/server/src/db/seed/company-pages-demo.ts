import type { Tx } from '../client';
import { bookmarks, companyPages, companyPageUsers } from '../schema/index';

export interface PageUserSeed {
  userId: string;
  schedulingEnabled?: boolean;
  emailEnabled?: boolean;
  videoCallEnabled?: boolean;
}

/** A company page with its people in order (the toggles default to on, as in the API). */
export async function createCompanyPage(
  tx: Tx,
  companyId: string,
  input: { title: string; slug: string; description?: string; published?: boolean; users?: PageUserSeed[] },
) {
  const [page] = await tx
    .insert(companyPages)
    .values({
      companyId,
      title: input.title,
      slug: input.slug,
      description: input.description ?? null,
      published: input.published ?? false,
    })
    .returning();
  const users = input.users ?? [];
  if (users.length) {
    await tx.insert(companyPageUsers).values(
      users.map((u, position) => ({
        companyId,
        pageId: page!.id,
        userId: u.userId,
        position,
        schedulingEnabled: u.schedulingEnabled ?? true,
        emailEnabled: u.emailEnabled ?? true,
        videoCallEnabled: u.videoCallEnabled ?? true,
      })),
    );
  }
  return page!;
}

export async function createBookmark(tx: Tx, companyId: string, userId: string, kind: string, target: string) {
  await tx.insert(bookmarks).values({ companyId, userId, kind, target });
}

/**
 * Acme's pages: "Sales" published with three people (one without video calls, one without email),
 * "Support" not published; Alice's two bookmarks (a screen and a team).
 */
export async function seedCompanyPagesDemo(
  tx: Tx,
  ids: { acme: string; alice: string; bob: string; others: [string, string]; team: string },
) {
  await createCompanyPage(tx, ids.acme, {
    title: 'Sales',
    slug: 'sales',
    description: 'Questions about our products or prices? Talk to our sales team.',
    published: true,
    users: [
      { userId: ids.bob },
      { userId: ids.others[0], videoCallEnabled: false },
      { userId: ids.others[1], emailEnabled: false },
    ],
  });
  await createCompanyPage(tx, ids.acme, {
    title: 'Support',
    slug: 'support',
    description: 'Help with an order you placed.',
    published: false,
    users: [{ userId: ids.alice }],
  });
  await createBookmark(tx, ids.acme, ids.alice, 'screen', '/teams');
  await createBookmark(tx, ids.acme, ids.alice, 'team', ids.team);
}
