import { expect, test } from '@playwright/test';
import { axeViolations, describeViolations, expectDashboard, signIn, submitSignIn } from '../support/console';
import { consoleUrl, signInUrl } from '../support/env';
import { waitForMail } from '../support/mail';

/** The invitation link of a mail, opened on the console the tests run (same path). */
function invitationPath(mail: string): string {
  const link = /https?:\/\/\S+\/admin(\/invitations\/[\w-]+)/.exec(mail);
  if (!link?.[1]) throw new Error(`no invitation link in the mail:\n${mail}`);
  return link[1];
}

test('invite → accept from the mail as a new user → member listed; role change; disabling refuses their next request', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const email = `nina.${tag}@example.com`;

  await signIn(page, 'super@example.com', 'acme');
  await expectDashboard(page, 'Sam');
  await page.getByRole('link', { name: 'Users' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  // Invite; a second invitation of the same address is refused inline.
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a person' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Invite' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  // Said once, under the email.
  await expect(dialog.getByText('An invitation is already pending for this email address.')).toHaveCount(1);
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByTestId('invitations-table').getByRole('row', { name: new RegExp(email) })).toBeVisible();

  // The invitee opens the mail's link, signed out, and sets a name and password.
  const mail = await waitForMail(email, since);
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(consoleUrl('acme', invitationPath(mail)));
  await expect(inviteePage.getByRole('heading', { name: 'Join Acme Corp' })).toBeVisible();
  await expect(inviteePage.getByText(`Invitation for ${email}`)).toBeVisible();
  await expect(inviteePage.getByTestId('invitation-inviter')).toHaveText('Sam Super invited you to join Acme Corp.');
  await inviteePage.getByLabel('First name').fill('Nina');
  await inviteePage.getByLabel('Last name').fill(`Newton ${tag}`);
  await inviteePage.getByRole('textbox', { name: 'Password', exact: true }).fill('weak');
  await inviteePage.getByLabel('Confirm password').fill('weak');
  await inviteePage.getByRole('button', { name: 'Create my account and join' }).click();
  await expect(inviteePage.getByText('The password must have at least 8 characters.')).toBeVisible();
  await inviteePage.getByRole('textbox', { name: 'Password', exact: true }).fill('Newcomer-2026');
  await inviteePage.getByLabel('Confirm password').fill('Newcomer-2026');
  await inviteePage.getByRole('button', { name: 'Create my account and join' }).click();
  await expect(inviteePage.getByTestId('invitation-accepted')).toHaveText('You are now a member of Acme Corp.');
  // The link leads to the base domain's sign-in, on to acme (opening acme's sign-in page again
  // meanwhile would cut that navigation short).
  await inviteePage.getByRole('link', { name: 'Go to sign in' }).click();
  await inviteePage.waitForURL(signInUrl('acme'));
  await submitSignIn(inviteePage, email, 'Newcomer-2026');
  await expectDashboard(inviteePage, 'Nina');

  // The admin finds the new member by search (a copied link reopens the same view).
  await page.goto(consoleUrl('acme', `/users?search=${tag}`));
  const row = page.getByTestId('members-table').getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Member');
  await expect(page.getByTestId('table-range')).toHaveText('1–1 of 1');

  // Role change.
  await row.getByRole('link', { name: `Nina Newton ${tag}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Nina Newton ${tag}` })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Admin' }).check();
  await page.getByRole('checkbox', { name: 'Member' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The member was saved.')).toBeVisible();
  await page.goto(consoleUrl('acme', `/users?search=${tag}&role=admin`));
  await expect(page.getByTestId('members-table').getByRole('row', { name: new RegExp(email) })).toContainText('Admin');

  // Disable: the member's very next request is refused (the disabled notice after a reload).
  await page
    .getByTestId('members-table')
    .getByRole('link', { name: `Nina Newton ${tag}` })
    .click();
  await page.getByRole('switch', { name: 'Membership enabled' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The member was saved.')).toBeVisible();
  await inviteePage.reload();
  await expect(inviteePage.getByTestId('disabled-notice')).toBeVisible();
  await expect(inviteePage.getByTestId('greeting')).toHaveCount(0);

  // Their browser's sign-in (on the base domain) and its session on acme: both can act on acme,
  // both are listed, each ended by the admin from its row; nothing is left to "Revoke all".
  await page.reload();
  const revokeOne = page.getByTestId('member-sessions').getByRole('button', { name: /^Revoke the session on / });
  await expect(revokeOne).toHaveCount(2);
  await revokeOne.first().click();
  await expect(page.getByText('User session has been revoked successfully').first()).toBeVisible();
  await expect(revokeOne).toHaveCount(1);
  await revokeOne.click();
  await expect(page.getByTestId('member-sessions')).toContainText('No active session.');
  await expect(page.getByRole('button', { name: 'Revoke all' })).toBeDisabled();
  await invitee.close();
});

test('a join request: the requester asks by sub-domain, the admin accepts, the requester sees the outcome', async ({
  page,
  browser,
}) => {
  const requesterEmail = 'elena.adams.4@acme.example.com';
  await signIn(page, requesterEmail, 'acme');
  await expectDashboard(page, 'Elena');
  await page.goto(consoleUrl('acme', '/join'));
  await page.getByLabel('Sub-domain').fill('no-such-company-xyz');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByTestId('join-error')).toBeVisible();
  await page.getByLabel('Sub-domain').fill('globex');
  await page.getByRole('textbox', { name: 'Message' }).fill('I help with exports.');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText("Your request was sent to the company's admins.")).toBeVisible();
  const mine = page.getByTestId('my-join-requests').getByRole('row', { name: /Globex/ });
  await expect(mine).toContainText('Pending');
  // The status badge: the light yellow 'Pending' read 2.7:1 (orange on pale yellow), under AA.
  let violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'grace@globex.example.com', 'globex');
  await expectDashboard(adminPage, 'Grace');
  await adminPage.goto(consoleUrl('globex', '/users/join-requests'));
  await adminPage.getByRole('button', { name: `Accept the request of ${requesterEmail}` }).click();
  await expect(adminPage.getByText(`${requesterEmail} is now a member.`)).toBeVisible();
  await adminPage.goto(consoleUrl('globex', `/users?search=elena.adams.4`));
  await expect(
    adminPage.getByTestId('members-table').getByRole('row', { name: new RegExp(requesterEmail) }),
  ).toBeVisible();
  await admin.close();

  await page.reload();
  await expect(page.getByTestId('my-join-requests').getByRole('row', { name: /Globex/ })).toContainText('Accepted');
  violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.getByRole('button', { name: /Globex/ }).click();
  // The switch keeps the path: the same screen, now on Globex's sub-domain, with a working session.
  await page.waitForURL(/^http:\/\/globex\.localhost:\d+\/admin\/join$/);
  await expect(page.getByTestId('my-join-requests').getByRole('row', { name: /Globex/ })).toContainText('Accepted');
  await expect(page.getByTestId('company-switcher')).toContainText('GL');
});

test('an existing user accepts an invitation: signs in on the invitation page and joins', async ({ page, browser }) => {
  const email = 'grace@globex.example.com';
  await signIn(page, 'super@example.com', 'acme');
  await expectDashboard(page, 'Sam');
  await page.goto(consoleUrl('acme', '/users'));
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a person' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(dialog).toBeHidden();

  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(consoleUrl('acme', invitationPath(await waitForMail(email, since))));
  await expect(inviteePage.getByText('You already have an account: sign in to accept.')).toBeVisible();
  await expect(inviteePage.getByLabel('Email')).toHaveValue(email);
  await inviteePage.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await inviteePage.getByRole('button', { name: 'Sign in' }).click();
  // Signed in, still on the invitation (not sent to her own company's sub-domain).
  await expect(inviteePage.getByText(`Signed in as ${email}.`)).toBeVisible();
  expect(new URL(inviteePage.url()).hostname).toBe('acme.localhost');
  await inviteePage.getByRole('button', { name: 'Accept and join' }).click();
  await expect(inviteePage.getByTestId('invitation-accepted')).toHaveText('You are now a member of Acme Corp.');
  await inviteePage.getByRole('button', { name: 'Open the console' }).click();
  await expectDashboard(inviteePage, 'Grace');
  expect(new URL(inviteePage.url()).hostname).toBe('acme.localhost');
  await invitee.close();

  await page.goto(consoleUrl('acme', '/users?search=grace%40globex'));
  await expect(page.getByTestId('members-table').getByRole('row', { name: new RegExp(email) })).toBeVisible();
});
