import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { readsWaitingOnService } from '../lib/query-client';

/**
 * Says, above every screen, that the service is away and the screen is trying again, for as long as
 * one of its reads waits for it; gone with the first read answered after the service is back.
 */
export function ServiceBanner() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const waiting = useSyncExternalStore(subscribe, () => readsWaitingOnService(client));
  if (!waiting) return null;
  return (
    <Alert
      role="status"
      mb="md"
      color="yellow"
      icon={<IconCloudOff size={18} aria-hidden />}
      data-testid="service-away"
    >
      {t('session.retrying')}
    </Alert>
  );
}
