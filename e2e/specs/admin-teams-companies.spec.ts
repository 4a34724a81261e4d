import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectDashboard, expectNoViolations, signIn } from '../support/console';
import { consoleUrl, dashboardUrl } from '../support/env';

/** A real 2×2 RGB PNG, built byte by byte (signature, IHDR, IDAT, IEND with their CRCs). */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an admin creates a team with a lead and members, adds one more, and the member screen lists the team', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const name = `Research ${tag}`;
  // Sign-in is rate-limited per account: the specs spread over the demo admins (see e2e/support/env.ts).
  await signIn(page, 'kira.adams.10@acme.example.com', 'acme');
  await expectDashboard(page, 'Kira');
  await page.getByRole('link', { name: 'Teams' }).first().click();
  await page.getByRole('button', { name: 'New team' }).click();
  const dialog = page.getByRole('dialog', { name: 'New team' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Looks ahead.');
  // The drop-down opens in place, labelled like its input: the input is the one to type in.
  await dialog.getByLabel('Lead').and(page.locator('input')).fill('Bob');
  await page.getByRole('option', { name: /bob@example\.com/ }).click();
  await dialog.getByLabel('Members').and(page.locator('input')).fill('alice');
  await page.getByRole('option', { name: /alice@example\.com/ }).click();
  await dialog.getByLabel('Members').and(page.locator('input')).fill('bob');
  await page.getByRole('option', { name: /bob@example\.com/ }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Team ${name} saved.`)).toBeVisible();

  await page.goto(consoleUrl('acme', `/teams?search=${tag}`));
  const row = page.getByTestId('teams-table').getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Bob Brown');
  await expect(row).toContainText('2');
  await row.getByRole('link', { name }).click();
  await expect(page.getByTestId('team-members').getByRole('row')).toHaveCount(3);
  await page.getByTestId('add-members-picker').fill('ada.adams');
  await page.getByRole('option', { name: /ada\.adams\.0@acme\.example\.com/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('team-members').getByRole('row')).toHaveCount(4);
  await page.getByRole('button', { name: 'Remove alice@example.com from the team' }).click();
  await expect(page.getByTestId('team-members').getByRole('row')).toHaveCount(3);

  // Bob's screen shows this team among his teams.
  await page.goto(consoleUrl('acme', '/users?search=bob%40example.com'));
  await page.getByTestId('members-table').getByRole('link', { name: 'Bob Brown' }).click();
  await expect(page.getByTestId('member-teams')).toContainText(name);
});

test('the super admin creates a company with its first admin and uploads a logo', async ({ page }) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'super@example.com', 'acme');
  await expectDashboard(page, 'Sam');
  await page.getByRole('link', { name: 'Companies' }).first().click();
  await page.getByRole('button', { name: 'New company' }).click();
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await dialog.getByLabel('Company').fill(`Umbrella ${tag}`);
  await dialog.getByLabel('Sub-domain').fill('acme');
  await dialog.getByLabel('Email').fill(`boss.${tag}@example.com`);
  await dialog.getByRole('button', { name: 'New company' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Sub-domain').fill(`umbrella-${tag}`);
  await dialog.getByRole('button', { name: 'New company' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Umbrella ${tag}` })).toBeVisible();
  // The first admin is invited by mail: an admin once they accept.
  await expect(page.getByText(`Company Umbrella ${tag} created; its admin was invited.`)).toBeVisible();

  // A fake image is refused before upload; a real PNG is accepted and shown.
  const logo = page.getByTestId('logo-input');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please choose a PNG, JPEG or WebP image.')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByText('The logo was updated.')).toBeVisible();
  await expect(page.getByTestId('company-logo').locator('img')).toHaveAttribute('src', /.+/);
  await expect(logo).toBeVisible();

  // Its own invitation limits (a company that really has 100,000 people): saved, kept on reload.
  await page.getByRole('textbox', { name: 'Invitations per hour' }).fill('100000');
  await page.getByRole('textbox', { name: 'Invitations per day' }).fill('100000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The company was saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Invitations per hour' })).toHaveValue('100000');
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page, 'company detail with invitation limits');

  // Listed, searchable, and can be disabled.
  await page.goto(consoleUrl('acme', `/companies?search=${tag}`));
  const row = page.getByTestId('companies-table').getByRole('row', { name: new RegExp(`umbrella-${tag}`) });
  await expect(row).toContainText('Enabled');
  await row.getByRole('link').click();
  // The switch shows the server's state: it flips once the change is saved.
  await page.getByRole('switch', { name: 'Company enabled' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`Company Umbrella ${tag} disabled.`)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Company enabled' })).not.toBeChecked();
  await page.goto(consoleUrl('acme', `/companies?search=${tag}&enabled=false`));
  await expect(
    page.getByTestId('companies-table').getByRole('row', { name: new RegExp(`umbrella-${tag}`) }),
  ).toContainText('Disabled');
});

test('the super admin opens a company he is no member of: its console, and a banner saying how', async ({ page }) => {
  await signIn(page, 'super@example.com', 'acme');
  await expectDashboard(page, 'Sam');
  await page.goto(consoleUrl('acme', '/companies?search=globex'));
  await page
    .getByTestId('companies-table')
    .getByRole('row', { name: /globex/ })
    .getByRole('link')
    .click();
  // The demo super admin holds super_admin_write: the button and the banner say it is not read-only.
  await page.getByTestId('open-console').click();
  await page.waitForURL(dashboardUrl('globex'));
  await expectDashboard(page, 'Sam');
  await expect(page.getByTestId('visiting-banner')).toHaveText(
    'You are in Globex as a super admin with write access: every change is recorded in its audit log.',
  );
  expect(page.url()).not.toContain('_token');
  await expectNoViolations(page, 'a super admin visiting Globex');
});

test('the super admin reads the platform figures: companies, active members, sign-ups by week', async ({ page }) => {
  await signIn(page, 'super@example.com', 'acme');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.getByRole('navigation').first().getByRole('link', { name: 'Platform' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Platform' })).toBeVisible();
  // The demo: Acme and Globex (and whatever companies earlier specs created), tens of members.
  const companies = Number(
    (await page.getByTestId('platform-companies').locator('.stat-value').textContent())?.replace(/\D/g, ''),
  );
  expect(companies).toBeGreaterThanOrEqual(2);
  const members = Number(
    (await page.getByTestId('platform-activeMembers').locator('.stat-value').textContent())?.replace(/\D/g, ''),
  );
  expect(members).toBeGreaterThan(40);
  const chart = page.getByTestId('chart-signups');
  await expect(chart.locator('svg[role="img"]')).toBeVisible();
  await chart.getByTestId('signups-toggle').click();
  const weeks = chart.getByTestId('signups-table').locator('tbody tr');
  await expect(weeks).toHaveCount(12);
  // The demo's accounts were all made by this start: this week's bar holds them.
  expect(Number((await weeks.last().locator('td').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(40);
});

test('a company admin has no Platform entry and is refused the screen', async ({ page }) => {
  await signIn(page, 'alice@example.com', 'acme');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Platform' })).toHaveCount(0);
  await page.goto(consoleUrl('acme', '/platform'));
  await expect(page.getByTestId('platform-companies')).toHaveCount(0);
});

// The super admin's hand on a company's people, from its screen (PRODUCT §5): the listing's member
// counts and trial ends, adding a person with an account by email, ending their sessions in that
// company (their open tab there is signed out) and removing them, each dialog scanned by axe.
// A different demo person (Acme only) in each language, so the runs do not meet.
/** A number as shown in either language (Arabic writes its own digits). */
const digits = (text: string | null) =>
  Number((text ?? '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/\D/g, ''));
for (const [language, person, firstName] of [
  ['en', 'dev.adams.3@acme.example.com', 'Dev'],
  ['ar', 'jonas.adams.9@acme.example.com', 'Jonas'],
] as const) {
  test(`the super admin adds a person to Globex, ends their sessions there and removes them (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    const ar = language === 'ar';
    const say = {
      members: ar ? 'الأعضاء النشطون' : 'Active members',
      addUser: ar ? 'إضافة مستخدم' : 'Add user',
      addTitle: ar ? 'إضافة مستخدم إلى Globex' : 'Add a user to Globex',
      email: ar ? 'البريد الإلكتروني' : 'Email',
      unknown: ar
        ? 'لا يوجد حساب يستخدم عنوان البريد الإلكتروني هذا. تحقق منه أو اطلب من الشخص التسجيل أولاً.'
        : 'No account uses this email address. Check it, or ask the person to sign up first.',
      already: ar ? 'هذا الشخص عضو في الشركة بالفعل.' : 'This person is already a member of the company.',
      endSessions: ar ? 'إنهاء الجلسات' : 'End sessions',
      revokeTitle: ar ? 'إنهاء جلساته في هذه الشركة؟' : 'End their sessions in this company?',
      remove: ar ? 'إزالة' : 'Remove',
      removeTitle: ar ? 'إزالة من الشركة؟' : 'Remove from the company?',
    };
    await signIn(page, 'super@example.com', 'acme');
    await expect(page.getByTestId('greeting')).toBeVisible();

    // The listing: Globex's enabled members, and its trial's end as a date in the reader's language.
    await page.goto(consoleUrl('acme', '/companies?search=globex'));
    const table = page.getByTestId('companies-table');
    await expect(table.getByRole('columnheader', { name: say.members })).toBeVisible();
    const row = table.getByRole('row', { name: /globex/ });
    await expect(row.locator('[data-trial]')).toBeVisible();
    const count = row.getByTestId('member-count');
    const before = digits(await count.textContent());
    expect(before).toBeGreaterThan(0);
    await row.getByRole('link').click();

    // Add: an unknown email is refused on its field, in the reader's language; then the person.
    await page.getByRole('button', { name: say.addUser }).click();
    const dialog = page.getByRole('dialog', { name: say.addTitle });
    await dialog.getByRole('textbox', { name: say.email }).fill('nobody.here@example.com');
    await dialog.getByRole('button', { name: say.addUser }).click();
    await expect(dialog.getByText(say.unknown)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, `add a user to a company, refused (${language})`);
    await dialog.getByRole('textbox', { name: say.email }).fill('alice@example.com');
    await dialog.getByRole('button', { name: say.addUser }).click();
    await expect(dialog.getByText(say.already)).toBeVisible();
    await dialog.getByRole('textbox', { name: say.email }).fill(person);
    await dialog.getByRole('button', { name: say.addUser }).click();
    await expect(dialog).toHaveCount(0);
    const users = page.getByTestId('company-users');
    await users.getByRole('searchbox').fill(firstName);
    const personRow = users.getByRole('row', { name: new RegExp(person.replace(/\./g, '\\.')) });
    await expect(personRow).toBeVisible();

    // They sign in to Globex in a browser of their own; ending their sessions there signs that tab out.
    const theirs = await browser.newContext();
    const theirPage = await theirs.newPage();
    await signIn(theirPage, person, 'globex');
    await expectDashboard(theirPage, firstName);
    await personRow.getByRole('button', { name: new RegExp(`^${say.endSessions}`) }).click();
    const revoke = page.getByRole('dialog', { name: say.revokeTitle });
    await expect(revoke).toBeVisible();
    await expectNoViolations(page, `end a person's sessions in a company, confirm dialog (${language})`);
    await revoke.getByRole('button', { name: say.endSessions }).click();
    await expect(revoke).toHaveCount(0);
    await theirPage.waitForURL(/\/admin\/login/, { timeout: 10_000 });
    await theirs.close();

    // Remove, once confirmed: the row goes, and the listing counts one fewer again.
    await personRow.getByRole('button', { name: new RegExp(`^${say.remove}`) }).click();
    const remove = page.getByRole('dialog', { name: say.removeTitle });
    await expect(remove).toContainText(person);
    await expectNoViolations(page, `remove a person from a company, confirm dialog (${language})`);
    await remove.getByRole('button', { name: say.remove }).click();
    await expect(personRow).toHaveCount(0);
    await page.goto(consoleUrl('acme', '/companies?search=globex'));
    await expect.poll(async () => digits(await count.textContent())).toBe(before);
  });
}
