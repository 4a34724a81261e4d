import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PresenceStatus } from '../lib/presence';

const COLORS: Record<PresenceStatus, string> = {
  online: 'var(--mantine-color-green-8)',
  away: 'var(--mantine-color-orange-8)',
  busy: 'var(--mantine-color-red-8)',
  offline: 'var(--mantine-color-gray-6)',
};

/** A member's presence: a coloured dot and its name (never colour alone). */
export function PresenceBadge({ status }: { status: PresenceStatus | undefined }) {
  const { t } = useTranslation();
  const s = status ?? 'offline';
  return (
    <Group gap={6} wrap="nowrap" data-presence={s} data-testid="presence">
      <span
        aria-hidden
        style={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          background: COLORS[s],
          display: 'inline-block',
          flex: 'none',
        }}
      />
      <Text span size="sm">
        {t(`presence.${s}`)}
      </Text>
    </Group>
  );
}
