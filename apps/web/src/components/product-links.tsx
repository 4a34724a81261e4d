import { Anchor, Group } from '@mantine/core';
import { IconCalendarEvent, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProductLinks } from '../lib/presence';

/** Links into scheduling and the video room of a member, each only when their toggle allows it. */
export function ProductLinks({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const links = useProductLinks(uuid).data;
  if (!links?.scheduleUrl && !links?.callUrl) return null;
  return (
    <Group gap="md" data-testid="product-links">
      {links.scheduleUrl && (
        <Anchor href={links.scheduleUrl} target="_blank" rel="noopener noreferrer">
          <Group gap={4} wrap="nowrap">
            <IconCalendarEvent size={16} aria-hidden />
            {t('links.schedule')}
          </Group>
        </Anchor>
      )}
      {links.callUrl && (
        <Anchor href={links.callUrl} target="_blank" rel="noopener noreferrer">
          <Group gap={4} wrap="nowrap">
            <IconVideo size={16} aria-hidden />
            {t('links.videoRoom')}
          </Group>
        </Anchor>
      )}
    </Group>
  );
}
