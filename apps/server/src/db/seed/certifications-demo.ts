import type { Tx } from '../client';
import { companyDay, createCertificationType, recordCertification } from './certification-factories';
import { demoPdf } from './compliance-factories';

/**
 * Certifications for the demo: Acme's "First aid" (everyone, valid two years) expiring in 10 days
 * for Bob and already expired for another member, a few valid ones, and a "Security awareness"
 * type two in three hold; Globex has its own "Forklift licence".
 */
export async function seedCertificationsDemo(
  tx: Tx,
  d: { acme: string; globex: string; alice: string; bob: string; acmeOthers: string[]; globexAdmin: string },
) {
  const firstAid = await createCertificationType(tx, d.acme, {
    name: 'First aid',
    description: 'Basic first aid and CPR, renewed every two years.',
    validityMonths: 24,
    remindDaysBefore: 30,
  });
  await recordCertification(tx, d.acme, firstAid, d.bob, {
    expiresOn: await companyDay(tx, d.acme, 10),
    evidence: {
      data: demoPdf('First aid certificate - Bob Brown'),
      name: 'first-aid-bob.pdf',
      contentType: 'application/pdf',
    },
  });
  await recordCertification(tx, d.acme, firstAid, d.acmeOthers[0]!, { expiresOn: await companyDay(tx, d.acme, -12) });
  await recordCertification(tx, d.acme, firstAid, d.alice, { expiresOn: await companyDay(tx, d.acme, 400) });
  for (const [i, userId] of d.acmeOthers.slice(1, 6).entries()) {
    await recordCertification(tx, d.acme, firstAid, userId, { expiresOn: await companyDay(tx, d.acme, 90 + 60 * i) });
  }

  const security = await createCertificationType(tx, d.acme, {
    name: 'Security awareness',
    description: 'Yearly phishing and data-protection training.',
    validityMonths: 12,
    remindDaysBefore: 14,
  });
  await recordCertification(tx, d.acme, security, d.alice, { expiresOn: await companyDay(tx, d.acme, 200) });
  await recordCertification(tx, d.acme, security, d.bob, { expiresOn: await companyDay(tx, d.acme, 150) });
  // Two in three of the others have taken the yearly training, some of them in the last few weeks
  // (a certificate of 12 months expiring in 340 days was issued 25 days ago): none expires within
  // the type's 14-day reminder window.
  for (const [i, userId] of d.acmeOthers.entries()) {
    if (i % 3 === 1) continue;
    await recordCertification(tx, d.acme, security, userId, {
      expiresOn: await companyDay(tx, d.acme, 40 + ((i * 37) % 310)),
    });
  }

  const forklift = await createCertificationType(tx, d.globex, {
    name: 'Forklift licence',
    description: 'Required to drive forklifts in the warehouse.',
    validityMonths: 36,
  });
  await recordCertification(tx, d.globex, forklift, d.globexAdmin, { expiresOn: await companyDay(tx, d.globex, 300) });
}
