import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AssignmentsPanel } from './components/assignments-panel';
import { GeneralSettings } from './components/general-settings';
import { HolidaysPanel } from './components/holidays-panel';
import { SchedulesPanel } from './components/schedules-panel';
import { useTabParam } from '../../lib/use-tab-param';

const TABS = ['general', 'holidays', 'schedules', 'assignments'] as const;

/** The company's attendance calendar: zone and week, public holidays, work schedules and who follows which. */
export default function AttendanceSettingsScreen() {
  const { t } = useTranslation();
  // The chosen tab lives in the address (?tab=schedules…): a reload or a shared link opens it again.
  const [tab, setTab] = useTabParam(TABS);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin:nav.attendanceSettings')}
        </Title>
        <Text c="dimmed">{t('admin:attendance.settingsSubtitle')}</Text>
      </div>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="general">{t('admin:attendance.general')}</Tabs.Tab>
          <Tabs.Tab value="holidays">{t('admin:attendance.holidays')}</Tabs.Tab>
          <Tabs.Tab value="schedules">{t('admin:attendance.schedules')}</Tabs.Tab>
          <Tabs.Tab value="assignments">{t('admin:attendance.assignments')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          <GeneralSettings />
        </Tabs.Panel>
        <Tabs.Panel value="holidays" pt="md">
          <HolidaysPanel />
        </Tabs.Panel>
        <Tabs.Panel value="schedules" pt="md">
          <SchedulesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="assignments" pt="md">
          <AssignmentsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
