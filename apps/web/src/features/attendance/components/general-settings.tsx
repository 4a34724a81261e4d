import { Alert, Button, Group, Select, Skeleton, Stack } from '@mantine/core';
import { BoundedNumberInput } from '../../../components/bounded-number-input';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAttendanceSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { weekdayNames } from '../../../lib/weekday-names';
import { useFormat } from '../../../lib/format';

const zones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
};

/** The company's time zone, first day of the week and the margin after which a forgotten clock-out is closed. */
export function GeneralSettings() {
  const settings = useAttendanceSettings();
  if (!settings.data) return <Skeleton h={200} />;
  return <GeneralForm key={settings.data.version} s={settings.data} />;
}

function GeneralForm({
  s,
}: {
  s: { timeZone: string; weekStart: number; autoCloseMarginMinutes: number; version: number };
}) {
  const { t, i18n } = useTranslation();
  const save = useUpdateSettings();
  const [timeZone, setTimeZone] = useState<string | null>(s.timeZone);
  const [weekStart, setWeekStart] = useState<string | null>(String(s.weekStart));
  const [margin, setMargin] = useState<number | string>(s.autoCloseMarginMinutes);
  const [error, setError] = useState<string | null>(null);
  const days = weekdayNames(i18n.language);
  const f = useFormat();
  // Named in the reader's language, found by its name or by its code ("Berlin", "Europe/Berlin").
  const zoneOptions = useMemo(() => {
    const list = zones();
    const options = list.includes(s.timeZone) ? list : [s.timeZone, ...list];
    return options.map((z) => ({ value: z, label: f.zone(z) }));
  }, [s.timeZone, f]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({
        version: s.version,
        timeZone: timeZone ?? undefined,
        weekStart: Number(weekStart),
        autoCloseMarginMinutes: Number(margin),
      });
      notify.success(t('admin:attendance.settingsSaved'));
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack maw={480}>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Select
          label={t('admin:attendance.timeZone')}
          data={zoneOptions}
          filter={({ options: o, search }) => {
            const q = search.trim().toLowerCase();
            return q
              ? o.filter(
                  (x) => 'value' in x && (x.label.toLowerCase().includes(q) || x.value.toLowerCase().includes(q)),
                )
              : o;
          }}
          value={timeZone}
          onChange={setTimeZone}
          searchable
          allowDeselect={false}
          data-testid="settings-zone"
        />
        <Select
          label={t('admin:attendance.weekStart')}
          data={days.map((d, i) => ({ value: String(i + 1), label: d }))}
          value={weekStart}
          onChange={setWeekStart}
          allowDeselect={false}
        />
        <BoundedNumberInput
          label={t('admin:attendance.autoCloseMargin')}
          description={t('admin:attendance.autoCloseMarginHelp')}
          min={0}
          max={1440}
          value={margin}
          onChange={setMargin}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('admin:common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
