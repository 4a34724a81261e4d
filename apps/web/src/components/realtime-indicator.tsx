import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRealtimeConnection } from '../lib/realtime/realtime-session';

/** A discreet sign that live updates are paused while the socket reconnects. */
export function RealtimeIndicator() {
  const { t } = useTranslation();
  if (useRealtimeConnection() !== 'reconnecting') return null;
  return (
    <Badge variant="light" color="yellow" role="status" data-testid="realtime-reconnecting">
      {t('navbar.reconnecting')}
    </Badge>
  );
}
