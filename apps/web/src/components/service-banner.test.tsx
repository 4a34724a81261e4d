import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, isOutage } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import { ServiceBanner } from './service-banner';

afterEach(async () => {
  await setLanguage('en', false);
});

/** The console's retry rule (query-client), with short waits. */
const client = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (n, e) => (isOutage(e) ? n < 60 : n < 1),
        retryDelay: (_, e) => (isOutage(e) ? 150 : 10),
      },
    },
  });

function Screen({ answers }: { answers: Array<ApiError | 'ok'> }) {
  const q = useQuery({
    queryKey: ['people'],
    queryFn: async () => {
      const a = answers.shift() ?? 'ok';
      if (a instanceof ApiError) throw a;
      return 'three people';
    },
  });
  return <p>{q.data ?? 'Loading…'}</p>;
}

const show = (answers: Array<ApiError | 'ok'>) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={client()}>
        <ServiceBanner />
        <Screen answers={answers} />
      </QueryClientProvider>
    </MantineProvider>,
  );

const away = () => new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable.');

describe('the service banner', () => {
  it('says the service is away while a read waits for it, and goes with the first answer after', async () => {
    await setLanguage('ar', false);
    show([away(), away(), away(), 'ok']);
    const banner = await screen.findByTestId('service-away');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.textContent).toBe('الخدمة غير متاحة لحظيًا. جارٍ إعادة المحاولة…');
    // Still there between tries (the outage toast lasts 3 s; this, as long as the outage).
    await new Promise((r) => setTimeout(r, 250));
    expect(screen.queryByTestId('service-away')).not.toBeNull();
    await screen.findByText('three people');
    expect(screen.queryByTestId('service-away')).toBeNull();
  });

  it('says nothing for a read refused for another reason, nor while the service answers', async () => {
    show([new ApiError(403, 'FORBIDDEN', 'No.'), new ApiError(403, 'FORBIDDEN', 'No.')]);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('service-away')).toBeNull();
    show(['ok']);
    await waitFor(() => expect(screen.getAllByText('three people').length).toBe(1));
    expect(screen.queryByTestId('service-away')).toBeNull();
  });
});
