import type { Tx } from '../client';
import { acknowledgePolicy, createPolicy, demoPdf } from './compliance-factories';
import { createTeam } from './factories';

const CONDUCT_V1 = `<h2>Code of Conduct</h2>
<p>We treat colleagues, customers and partners with respect.</p>
<ul><li>Be honest.</li><li>Be kind.</li><li>Report concerns to your manager.</li></ul>`;
const CONDUCT_V2 = `<h2>Code of Conduct</h2>
<p>We treat colleagues, customers and partners with respect, in the office and online.</p>
<ul><li>Be honest.</li><li>Be kind.</li><li>Report concerns to your manager or to <a href="mailto:ethics@acme.example.com">ethics@acme.example.com</a>.</li></ul>
<h3>Gifts</h3>
<table><thead><tr><th>Value</th><th>What to do</th></tr></thead><tbody><tr><td>Up to 50 €</td><td>Accept</td></tr><tr><td>Above 50 €</td><td>Decline politely</td></tr></tbody></table>`;

const ACCEPTABLE_USE = `<h2>Acceptable Use Policy</h2>
<p>Company laptops, accounts and networks are for work. Keep them locked when you leave them.</p>
<ul><li>Use the password manager.</li><li>Install software from the company catalogue only.</li><li>Report a lost device the same day.</li></ul>`;

/**
 * Compliance for the demo: Acme's "Code of Conduct" (the managers' team: Alice and Bob) at version
 * 2, which needs re-acknowledgement — Bob acknowledged version 1 only, Alice version 2 — an
 * "Acceptable Use Policy" for everyone since before they joined, acknowledged by all but every
 * ninth of the others (overdue), and an "Information Security Policy" as a PDF for everyone,
 * published 10 days ago and acknowledged by two in three of the others so far (Alice and Bob
 * still have it to do). Stats then tells a roll-out: completion dips as the new policy lands and
 * climbs back. Globex has its own policy.
 */
export async function seedComplianceDemo(
  tx: Tx,
  d: { acme: string; globex: string; alice: string; bob: string; acmeOthers: string[]; globexAdmin: string },
) {
  const managers = await createTeam(tx, d.acme, {
    name: 'Managers',
    description: 'People who manage others.',
    leadUserId: d.alice,
    memberIds: [d.alice, d.bob],
  });
  const conduct = await createPolicy(tx, d.acme, {
    title: 'Code of Conduct',
    category: 'Ethics',
    ownerUserId: d.alice,
    audienceTeamIds: [managers.id],
    dueDays: 14,
    versions: [
      { body: { html: CONDUCT_V1 }, publishedDaysAgo: 60 },
      { body: { html: CONDUCT_V2 }, requiresAck: true, publishedDaysAgo: 3 },
    ],
  });
  await acknowledgePolicy(tx, d.acme, conduct, d.bob, 1, 55);
  await acknowledgePolicy(tx, d.acme, conduct, d.alice, 1, 58);
  await acknowledgePolicy(tx, d.acme, conduct, d.alice, 2, 2);

  // Everyone joined about 88 days ago (the demo's memberships): the policy was due 14 days after.
  const acceptableUse = await createPolicy(tx, d.acme, {
    title: 'Acceptable Use Policy',
    category: 'Security',
    ownerUserId: d.alice,
    dueDays: 14,
    versions: [{ body: { html: ACCEPTABLE_USE }, publishedDaysAgo: 120 }],
  });
  await acknowledgePolicy(tx, d.acme, acceptableUse, d.alice, 1, 86);
  await acknowledgePolicy(tx, d.acme, acceptableUse, d.bob, 1, 84);
  for (const [i, userId] of d.acmeOthers.entries()) {
    if (i % 9 !== 4) await acknowledgePolicy(tx, d.acme, acceptableUse, userId, 1, 80 - (i % 7));
  }

  const security = await createPolicy(tx, d.acme, {
    title: 'Information Security Policy',
    category: 'Security',
    ownerUserId: d.alice,
    dueDays: 30,
    versions: [
      {
        body: { pdf: demoPdf('Acme Corp - Information Security Policy'), name: 'information-security-policy.pdf' },
        publishedDaysAgo: 10,
      },
    ],
  });
  for (const [i, userId] of d.acmeOthers.entries()) {
    if (i % 3 !== 2) await acknowledgePolicy(tx, d.acme, security, userId, 1, 1 + (i % 9));
  }

  await createPolicy(tx, d.globex, {
    title: 'Remote Work Policy',
    category: 'HR',
    ownerUserId: d.globexAdmin,
    dueDays: 21,
    versions: [
      {
        body: { html: '<h2>Remote work</h2><p>Work from anywhere in the EU, two office days a month.</p>' },
        publishedDaysAgo: 5,
      },
    ],
  });
}
