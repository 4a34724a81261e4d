import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconClockPause, IconClockPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOutage } from '../../../lib/api-client';
import { useClock } from '../api/clock';
import { useMyDay } from '../api/get-my-day';
import { useFormat } from '../../../lib/format';
import { durationFormat, useZonedFormat } from './zoned-format';
import { intlLocale } from '@wac/shared/intl-locale';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** Clock in and out, with the time worked today running; the server's clock and the company's zone decide. */
export function ClockCard() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const day = useMyDay();
  const clock = useClock();
  // One key per intent: kept until the server answered, so a double click or a retry reuses it.
  const key = useRef(newKey());
  const keyFor = useRef<'clock-in' | 'clock-out' | null>(null);
  const [tick, setTick] = useState(0);
  const open = day.data?.open ?? null;
  const z = useZonedFormat(day.data?.timeZone);

  useEffect(() => {
    if (!open) return;
    const id = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [open]);

  if (day.isError) return <Alert color="yellow">{t('admin:attendance.unavailable')}</Alert>;
  if (!day.data) return <Skeleton h={160} />;

  const d = day.data;
  const fetchedAt = day.dataUpdatedAt;
  const running = open ? Math.max(0, Math.floor((Date.now() - fetchedAt) / 1000)) : 0;
  void tick;
  const worked = d.workedSeconds + running;
  const date = new Intl.DateTimeFormat(intlLocale(i18n.language), { timeZone: 'UTC', dateStyle: 'full' }).format(
    new Date(`${d.date}T00:00:00Z`),
  );
  const direction = open ? 'clock-out' : 'clock-in';

  const onClick = () => {
    // The key names one intent: a double click sends it twice, and so does a click again after an
    // outage (the first may have been recorded before its answer was lost: one entry either way).
    // Any other answer ends the intent; the other direction is another one.
    if (keyFor.current !== direction) {
      key.current = newKey();
      keyFor.current = direction;
    }
    clock.mutate(
      { direction, key: key.current },
      {
        onSettled: (_entry, error) => {
          if (!isOutage(error)) key.current = newKey();
        },
      },
    );
  };

  return (
    <Paper className="card" p="lg" radius="md" data-testid="clock-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {t('admin:attendance.today')}
            </Title>
            <Text c="dimmed" size="sm">
              {date}
            </Text>
          </div>
          <Badge color={open ? 'teal.9' : 'gray.7'} variant="filled" data-testid="clock-status">
            {open ? t('admin:attendance.clockedIn') : t('admin:attendance.clockedOut')}
          </Badge>
        </Group>
        <Group justify="space-between" align="end" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed" id="worked-label">
              {t('admin:attendance.workedToday')}
            </Text>
            <Text fw={700} size="xl" className="stat-value" aria-labelledby="worked-label" data-testid="worked-today">
              {/* Seconds while the clock runs; stopped, minutes, as the timesheet says them ("1 sec" beside "0 min"). */}
              {durationFormat(i18n.language)(worked, !!open)}
            </Text>
          </div>
          <Button
            size="md"
            variant={open ? 'outline' : 'filled'}
            leftSection={open ? <IconClockPause size={18} aria-hidden /> : <IconClockPlay size={18} aria-hidden />}
            loading={clock.isPending}
            onClick={onClick}
            data-testid={direction}
          >
            {open ? t('admin:attendance.clockOut') : t('admin:attendance.clockIn')}
          </Button>
        </Group>
        {d.entries.length > 0 && (
          <Table aria-label={t('admin:attendance.entries')} data-testid="today-entries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin:attendance.in')}</Table.Th>
                <Table.Th>{t('admin:attendance.out')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.entries.map((e) => (
                <Table.Tr key={e.uuid}>
                  <Table.Td>{z.time(e.clockIn)}</Table.Td>
                  <Table.Td>{z.time(e.clockOut)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="xs" c="dimmed">
          {t('admin:attendance.zoneNote', { zone: f.zone(d.timeZone) })}
        </Text>
      </Stack>
    </Paper>
  );
}
