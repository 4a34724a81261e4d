import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectDashboard, expectNoViolations, signIn } from '../support/console';
import { consoleUrl } from '../support/env';

for (const language of ['en', 'ar'] as const) {
  test.describe(`people screens, ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    });

    test('directory, record, departments and org chart are axe clean; the chart works by keyboard', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, 'alice@example.com', 'acme');
      await expect(page.getByTestId('greeting')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

      for (const path of ['/people', '/departments', '/org-chart']) {
        await page.goto(consoleUrl('acme', path));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, path);
        // Moving people into a department: the dialog, its search list open and a person chosen.
        if (path === '/departments') {
          await page
            .getByRole('button', { name: language === 'ar' ? 'نقل أشخاص إلى Sales' : 'Move people into Sales' })
            .click();
          const dialog = page.getByRole('dialog');
          await dialog.getByTestId('move-people').fill('Bob');
          await dialog.getByRole('option', { name: /Bob/ }).first().click();
          // A name the demo has (an option of the server's answer, not the list of the last search).
          await dialog.getByTestId('move-people').fill('Ada');
          await expect(dialog.getByRole('option', { name: /^Ada / }).first()).toBeVisible();
          await expectNoViolations(page, 'move people into a department');
          // Escape closes the open list first (it lies over the buttons), then Cancel leaves.
          await page.keyboard.press('Escape');
          await expect(dialog.getByRole('listbox')).toBeHidden();
          await dialog.getByRole('button', { name: language === 'ar' ? 'إلغاء' : 'Cancel' }).click();
          await expect(dialog).toBeHidden();
        }
        // A work phone reads left to right in Arabic too ("+351 210…", not "…210 351+").
        if (path === '/people') {
          await expect(
            page.getByTestId('people-table').locator('[dir="ltr"]', { hasText: /^\+\d/ }).first(),
          ).toBeVisible();
          // And in the record's form (Mantine sets `dir` on the box around the input).
          await page.getByTestId('people-table').getByRole('link', { name: 'Alice Anders' }).click();
          const phones = page.getByRole('form').locator('input[type="tel"]');
          await expect(phones.first()).toHaveValue(/^\+\d/);
          for (const phone of await phones.all()) await expect(phone).toHaveCSS('direction', 'ltr');
          await expect(page.getByRole('form').locator('input[type="text"]').first()).toHaveCSS(
            'direction',
            language === 'ar' ? 'rtl' : 'ltr',
          );
        }
      }

      // The top of the chart is Sam; opening him by keyboard shows his reports, one level loaded.
      const tree = page.getByRole('tree');
      const sam = tree.getByRole('treeitem', { name: /Sam Super/ }).first();
      await sam.focus();
      await expect(sam).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await expect(sam).toHaveAttribute('aria-expanded', 'true');
      const alice = sam.getByRole('treeitem', { name: /Alice Anders/ });
      await expect(alice).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(page.locator('[role="treeitem"]:focus')).toHaveAttribute('aria-level', '2');
      await page.keyboard.press(language === 'ar' ? 'ArrowRight' : 'ArrowLeft');
      await expect(sam).toBeFocused();
      await page.keyboard.press(language === 'ar' ? 'ArrowRight' : 'ArrowLeft');
      await expect(sam).toHaveAttribute('aria-expanded', 'false');

      // Searching Bob opens his branch (Sam → Alice → Bob) and focuses him.
      const find = page.getByRole('combobox', { name: language === 'ar' ? 'ابحث عن شخص' : 'Find a person' });
      await find.fill('Bob');
      await page.getByRole('option', { name: 'Bob Brown' }).click();
      const bob = page.getByRole('treeitem', { name: /Bob Brown/ });
      await expect(bob).toBeFocused();
      await expect(bob).toHaveAttribute('aria-level', '3');
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'org chart focused on Bob');

      // Alice's own record, as she (an admin) edits it.
      await page.goto(consoleUrl('acme', '/people?search=bob'));
      await page.getByTestId('people-table').getByRole('link', { name: 'Bob Brown' }).click();
      await expect(page.getByRole('form')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'record');

      // Ending the employment of someone who manages people (Alice: Bob reports to her) asks
      // where her reports go first: the question is axe clean, and Cancel saves nothing.
      const en = language !== 'ar';
      await page.goto(consoleUrl('acme', '/people?search=alice'));
      await page.getByTestId('people-table').getByRole('link', { name: 'Alice Anders' }).click();
      const form = page.getByRole('form');
      await form.getByRole('button', { name: en ? 'End date' : 'تاريخ الانتهاء' }).click();
      await page
        .getByRole('button', { name: en ? 'Next month' : 'الشهر التالي' })
        .last()
        .click();
      await page
        .locator('button[data-outside]:not([data-outside="true"]), table button:not([data-outside])')
        .filter({ hasText: /^(28|٢٨)$/ })
        .last()
        .click();
      await form.getByRole('button', { name: en ? 'Save' : 'حفظ' }).click();
      const ask = page.getByRole('dialog');
      await expect(ask).toBeVisible();
      await expect(ask).toContainText('Bob Brown');
      await page.waitForTimeout(300);
      await expectNoViolations(page, 'reports move question');
      await ask.getByRole('button', { name: en ? 'Cancel' : 'إلغاء' }).click();
      await expect(ask).toBeHidden();
    });

    test('an admin exports the chart as shown, as SVG and as PNG, from an axe-clean Export menu', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'alice@example.com', 'acme');
      await expect(page.getByTestId('greeting')).toBeVisible();
      await page.goto(consoleUrl('acme', '/org-chart'));
      const tree = page.getByRole('tree');
      const sam = tree.getByRole('treeitem', { name: /Sam Super/ }).first();
      await sam.focus();
      await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await expect(sam.getByRole('treeitem', { name: /Alice Anders/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const onScreen = await tree.getByRole('treeitem').count();

      const exportButton = page.getByRole('button', { name: language === 'ar' ? 'تصدير' : 'Export' });
      await exportButton.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoViolations(page, 'org chart export menu open');

      const svgDownload = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: /SVG/ }).click();
      const svgFile = await svgDownload;
      expect(svgFile.suggestedFilename()).toBe('org-chart.svg');
      const svg = readFileSync(await svgFile.path(), 'utf8');
      expect(svg).toMatch(/^<\?xml [^>]*\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain('>Alice Anders</text>');
      expect(svg).toContain('>Sam Super</text>');
      // One card per person on screen (Sam's top level and his reports), one line per report shown.
      expect(svg.split('<g class="node">').length - 1).toBe(onScreen);
      expect(svg.split('<path class="link"').length - 1).toBeGreaterThan(0);
      if (language === 'ar') expect(svg).toContain('direction="rtl"');
      else expect(svg).not.toContain('direction="rtl"');
      const width = Number(svg.match(/<svg [^>]*width="(\d+)"/)?.[1]);
      const height = Number(svg.match(/<svg [^>]*height="(\d+)"/)?.[1]);

      await exportButton.click();
      const pngDownload = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: /PNG/ }).click();
      const pngFile = await pngDownload;
      expect(pngFile.suggestedFilename()).toBe('org-chart.png');
      const png = readFileSync(await pngFile.path());
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      // The IHDR chunk: the SVG drawn at twice its size, and enough bytes for cards and text.
      expect(png.readUInt32BE(16)).toBe(width * 2);
      expect(png.readUInt32BE(20)).toBe(height * 2);
      expect(png.length).toBeGreaterThan(10_000);
    });

    test('an admin imports employee records from CSV: per-row errors in the language, the job title on the directory', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const ui = {
        en: {
          open: 'Import CSV',
          check: 'Check',
          commit: 'Import the valid rows',
          template: 'Download a template',
          notFound: 'This department does not exist in this company.',
          done: 'The valid rows were imported.',
          progressDone: 'Invitation mails of the import',
        },
        ar: {
          open: 'استيراد CSV',
          check: 'تحقق',
          commit: 'استيراد الصفوف الصالحة',
          template: 'تنزيل نموذج',
          notFound: 'هذا القسم غير موجود في هذه الشركة.',
          done: 'تم استيراد الصفوف الصالحة.',
          progressDone: 'رسائل الدعوة الخاصة بالاستيراد',
        },
      }[language];
      const title = `Imported lead ${language}`;
      await signIn(page, 'alice@example.com', 'acme');
      await expect(page.getByTestId('greeting')).toBeVisible();
      await page.goto(consoleUrl('acme', '/users'));
      await page.getByRole('main').getByRole('button', { name: ui.open }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('import-records-hint')).toContainText('managerEmail');
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'import dialog');

      const templateDownload = page.waitForEvent('download');
      await dialog.getByRole('button', { name: ui.template }).click();
      const template = await templateDownload;
      expect(template.suggestedFilename()).toBe('members-template.csv');
      expect(readFileSync(await template.path(), 'utf8')).toContain('jobTitle,department,managerEmail');

      const csv = [
        'email,firstName,lastName,jobTitle,department',
        `bob@example.com,Bob,Brown,${title},`,
        'nobody.dept@example.com,No,Dept,Analyst,Department Nobody Has',
      ].join('\r\n');
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByRole('button', { name: ui.check }).click();
      const rows = dialog.getByTestId('import-rows');
      await expect(rows).toContainText(ui.notFound);
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'import dialog with per-row errors');
      await dialog.getByRole('button', { name: ui.commit }).click();
      // The answer counts the good rows and lists only the rows with a problem.
      await expect(dialog.getByText(ui.done)).toBeVisible();
      await expect(rows).toContainText(ui.notFound);
      await expect(rows.getByRole('row')).toHaveCount(2);

      // A new person: the invitation mail's progress shows live, and again after a reload.
      const newcomer = `import.progress.${language}.${Date.now()}@example.com`;
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'new.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`email,firstName,lastName\r\n${newcomer},New,Comer`),
      });
      await dialog.getByRole('button', { name: ui.check }).click();
      await dialog.getByRole('button', { name: ui.commit }).click();
      await expect(dialog.getByTestId('import-progress')).toContainText(ui.progressDone, { timeout: 20_000 });
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(/[?&]import=[0-9a-f-]{36}/);
      await page.reload();
      const progress = page.getByTestId('import-progress');
      await expect(progress).toContainText(ui.progressDone);
      await expect(progress.getByTestId('import-progress-text')).toContainText(/[1١]/);
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, 'import progress after a reload');

      await page.goto(consoleUrl('acme', '/people?search=bob'));
      await expect(page.getByTestId('people-table').getByRole('row', { name: /Bob Brown/ })).toContainText(title);
    });
  });
}

test('a member edits the self-editable fields of their own record and sees the rest read-only', async ({ page }) => {
  await signIn(page, 'bob@example.com', 'acme');
  await expectDashboard(page, 'Bob');
  await page.goto(consoleUrl('acme', '/people?search=bob'));
  await page.getByTestId('people-table').getByRole('link', { name: 'Bob Brown' }).click();
  const form = page.getByRole('form', { name: 'Employee record' });
  await expect(form.getByRole('textbox', { name: 'Job title' })).toHaveAttribute('readonly', '');
  const phone = form.getByRole('textbox', { name: 'Work phone' });
  await phone.fill('+351 220 999 999');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Record saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form').getByRole('textbox', { name: 'Work phone' })).toHaveValue('+351 220 999 999');
});
