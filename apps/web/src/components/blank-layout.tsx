import { BRAND } from '@wac/shared/constants';
import { Box, Center, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PreferenceSelects } from './preference-selects';

/**
 * Auth and status pages: a centred card, the language and skin switches, and the footer.
 * `card={false}` leaves the card to the content (a screen that brings its own cards).
 */
export function BlankLayout({
  children,
  wide = false,
  card = true,
}: {
  children: ReactNode;
  wide?: boolean;
  card?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box className="blank-layout">
      <header>
        <Group justify="space-between" p="md">
          <Text fw={700} size="lg" className="brand">
            {BRAND}
          </Text>
          <PreferenceSelects />
        </Group>
      </header>
      <Center component="main" className="blank-layout-main" px="md">
        {card ? (
          <Paper className="card" p="xl" radius="md" w="100%" maw={wide ? 640 : 440}>
            {children}
          </Paper>
        ) : (
          <Box w="100%" maw={wide ? 760 : 440} py="xl">
            {children}
          </Box>
        )}
      </Center>
      <Box component="footer" py="md" ta="center">
        <Text size="sm" c="dimmed">
          {t('footer', { year: new Date().getFullYear(), brand: BRAND })}
        </Text>
      </Box>
    </Box>
  );
}
