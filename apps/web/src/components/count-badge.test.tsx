import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CorrectionsBadge } from '../features/attendance/components/corrections-badge';
import { UploadsBadge } from '../features/certifications/components/uploads-badge';
import { ApprovalBadge } from '../features/time-off/components/approval-badge';
import { setLanguage } from '../lib/i18n';
import { renderScreen } from '../test/render';
import { ORIGIN, server } from '../test/server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  await setLanguage('en', false);
});

const page = (totalItems: number) => HttpResponse.json({ data: [], page: 1, itemsPerPage: 1, totalItems });

describe('the menu’s counts of what waits for the admin', () => {
  it('counts time-off requests, corrections and certificate uploads, each named for a screen reader', async () => {
    server.use(
      http.get(`${ORIGIN}/api/time-off/approvals/count`, () => HttpResponse.json({ pending: 2, isApprover: true })),
      http.get(`${ORIGIN}/api/attendance/corrections/pending-count`, () => HttpResponse.json({ count: 3 })),
      http.get(`${ORIGIN}/api/certification-submissions`, () => page(1_250)),
    );
    renderScreen(
      <>
        <ApprovalBadge />
        <CorrectionsBadge />
        <UploadsBadge />
      </>,
    );
    const corrections = await screen.findByTestId('corrections-pending-badge');
    expect(corrections.textContent).toBe('3');
    expect(corrections.getAttribute('aria-label')).toBe('Corrections waiting for you: 3');
    const uploads = await screen.findByTestId('uploads-pending-badge');
    expect(uploads.textContent).toBe('999+');
    expect(uploads.getAttribute('aria-label')).toBe('Certificate uploads waiting for you: 1,250');
    expect((await screen.findByTestId('time-off-pending-badge')).textContent).toBe('2');
  });

  it('shows nothing when nothing waits, and reads in Arabic (with the digits the console writes there)', async () => {
    await setLanguage('ar', false);
    server.use(
      http.get(`${ORIGIN}/api/attendance/corrections/pending-count`, () => HttpResponse.json({ count: 0 })),
      http.get(`${ORIGIN}/api/certification-submissions`, () => page(4)),
    );
    renderScreen(
      <>
        <CorrectionsBadge />
        <UploadsBadge />
      </>,
    );
    const uploads = await screen.findByTestId('uploads-pending-badge');
    expect(uploads.textContent).toBe('4');
    expect(uploads.getAttribute('aria-label')).toBe('شهادات مرفوعة بانتظارك: 4');
    expect(screen.queryByTestId('corrections-pending-badge')).toBeNull();
  });
});
