import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations, expectDashboard, pickDate, signIn } from '../support/console';

async function expectNoAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function setLanguage(page: Page, language: 'en' | 'ar') {
  await page.evaluate((l) => localStorage.setItem('language', l), language);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
}

/** The names of the entries of a ZIP, from its central directory (the archive as any unzip reads it). */
function zipEntries(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLen = zip.readUInt16LE(at + 28);
    const size = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    out.set(name, inflateRawSync(zip.subarray(data, data + size)));
    at += 46 + nameLen + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TYPE = 'Forklift licence';

test('Bob uploads his certificate, Alice approves it, deletes the record and the type behind confirmations (keyboard, axe en and ar), and exports the company evidence', async ({
  browser,
}) => {
  const alice = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(alice, 'alice@example.com', 'acme');
  await expectDashboard(alice, 'Alice');
  await alice.getByRole('navigation').getByRole('link', { name: 'Certifications', exact: true }).click();
  await alice.getByRole('button', { name: 'New certification' }).click();
  const create = alice.getByRole('dialog');
  await create.getByLabel('Name').fill(TYPE);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await expect(alice.getByRole('heading', { level: 1, name: TYPE })).toBeVisible();
  await alice.getByRole('link', { name: 'Back to certifications' }).click();
  await expect(alice.getByTestId('certification-types').getByRole('row', { name: new RegExp(TYPE) })).toBeVisible();

  // Bob uploads his own, by keyboard; a file that is not an image or PDF is refused first.
  const bob = await (await browser.newContext()).newPage();
  await signIn(bob, 'bob@example.com', 'acme');
  await expectDashboard(bob, 'Bob');
  await bob.getByRole('navigation').getByRole('link', { name: 'My certifications' }).click();
  const row = bob.getByTestId('my-certifications').getByRole('row', { name: new RegExp(TYPE) });
  await expect(row).toContainText('Missing');
  await row.getByRole('button', { name: `Upload certificate: “${TYPE}”` }).focus();
  await bob.keyboard.press('Enter');
  const upload = bob.getByRole('dialog');
  await expect(upload.getByRole('heading', { name: `Upload my certificate “${TYPE}”` })).toBeVisible();
  await expectNoAxeViolations(bob);
  await upload.getByRole('button', { name: 'Send for approval' }).click();
  await expect(upload.getByText('This field is required.')).toBeVisible();
  await upload
    .locator('input[type=file]')
    .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
  await upload.getByRole('button', { name: 'Send for approval' }).click();
  await expect(upload.getByText('The evidence must be a PDF, PNG or JPEG file.')).toBeVisible();
  await upload.locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  await upload.getByRole('button', { name: 'Send for approval' }).click();
  await expect(upload).toBeHidden();
  await expect(row.getByTestId('my-submission')).toContainText('Waiting for approval');
  await expect(row).toContainText('Missing');
  await expect(row.getByRole('button', { name: `Upload certificate: “${TYPE}”` })).toBeDisabled();
  await setLanguage(bob, 'ar');
  await expect(bob.getByTestId('my-submission').filter({ hasText: 'بانتظار الموافقة' })).toBeVisible();
  await expectNoAxeViolations(bob);

  // Alice sees it waiting (live), opens the evidence, approves it: it counts.
  const queue = alice.getByTestId('submissions-table');
  const waiting = queue.getByRole('row').filter({ hasText: TYPE });
  await expect(waiting).toContainText('Bob');
  const evidence = alice.waitForEvent('download');
  await waiting.getByRole('button', { name: 'Download licence.png' }).click();
  expect((await evidence).suggestedFilename()).toBe('licence.png');
  await expectNoAxeViolations(alice);
  await waiting.getByRole('button', { name: /^Approve / }).click();
  await expect(queue.getByText('No certificate is waiting for approval.')).toBeVisible();
  await setLanguage(bob, 'en');
  await expect(bob.getByTestId('my-certifications').getByRole('row', { name: new RegExp(TYPE) })).toContainText(
    'Valid',
  );

  // Deleting Bob's record asks first; Escape cancels, then the keyboard confirms.
  await alice.getByTestId('certification-types').getByRole('link', { name: TYPE }).click();
  await expect(alice.getByTestId('figure-valid')).toHaveText('1');
  const bobRow = alice.getByTestId('holders-table').getByRole('row').filter({ hasText: 'bob@example.com' });
  const deleteRecord = bobRow.getByRole('button', { name: /^Delete record of Bob/ });
  await deleteRecord.focus();
  await alice.keyboard.press('Enter');
  const confirm = alice.getByRole('dialog', { name: 'Delete this record?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(alice);
  await alice.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(alice.getByTestId('figure-valid')).toHaveText('1');
  await deleteRecord.focus();
  await alice.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await alice.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Delete record' })).toBeFocused();
  await alice.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(alice.getByTestId('figure-valid')).toHaveText('0');
  await expect(bobRow).toContainText('Missing');

  // Deleting the type, in Arabic, with the dialog open for axe.
  await setLanguage(alice, 'ar');
  await alice.getByRole('button', { name: 'حذف الشهادة' }).click();
  const confirmType = alice.getByRole('dialog');
  await expect(confirmType).toContainText(TYPE);
  await expectNoAxeViolations(alice);
  await confirmType.getByRole('button', { name: 'حذف الشهادة' }).click();
  await expect(alice).toHaveURL(/\/admin\/certifications$/);
  await expect(alice.getByTestId('certification-types').getByRole('row', { name: new RegExp(TYPE) })).toHaveCount(0);
  await setLanguage(alice, 'en');

  // The company's evidence: one ZIP with the CSV files and the manifest hashing them.
  await alice.getByRole('button', { name: 'Export evidence' }).click();
  const exportDialog = alice.getByRole('dialog', { name: 'Evidence of the whole company' });
  await expect(exportDialog).toBeVisible();
  await expectNoAxeViolations(alice);
  // The range's days come from the calendar; an end before the start is refused before asking.
  const firstOfMonth = new Date();
  firstOfMonth.setUTCDate(1);
  const dayOfMonth = (d: number) => `${firstOfMonth.toISOString().slice(0, 8)}${String(d).padStart(2, '0')}`;
  await pickDate(exportDialog.getByTestId('evidence-from'), dayOfMonth(20));
  await pickDate(exportDialog.getByTestId('evidence-to'), dayOfMonth(10));
  await exportDialog.getByRole('button', { name: 'Download ZIP' }).click();
  await expect(exportDialog.getByText('The end must not be before the start.')).toBeVisible();
  // Cleared, the range is everything.
  const clearDate = exportDialog.getByRole('button', { name: 'Clear the date' });
  await clearDate.first().click();
  await expect(clearDate).toHaveCount(1);
  await clearDate.first().click();
  await expect(exportDialog.getByRole('button', { name: 'Clear the date' })).toHaveCount(0);
  const zipDownload = alice.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download ZIP' }).click();
  const file = await zipDownload;
  expect(file.suggestedFilename()).toMatch(/^compliance-evidence-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = zipEntries(readFileSync((await file.path())!));
  expect([...entries.keys()]).toContain('manifest.json');
  const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
  expect(manifest.format).toBe('wac-compliance-evidence/1');
  expect(manifest.files.map((f: { name: string }) => f.name)).toEqual([
    'policies.csv',
    'policy-versions.csv',
    'acknowledgements.csv',
    'certification-types.csv',
    'certification-records.csv',
    'audit-trail.csv',
  ]);
  // The deleted type and record are gone from the records, but their whole story is in the trail.
  const trail = entries.get('audit-trail.csv')!.toString('utf8');
  for (const action of [
    'certification.submit',
    'certification.approve',
    'certification.delete',
    'certification_type.delete',
  ])
    expect(trail).toContain(action);
  expect(entries.get('policies.csv')!.toString('utf8')).toContain('Code of Conduct');
  await expect(exportDialog).toBeHidden();
});
