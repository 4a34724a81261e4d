import { Anchor, Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { SectionCard } from '../../components/section-card';
import { StatusPage } from '../../components/status-page';
import { useEmployee } from './api/get-employee';
import { useFields } from './api/get-fields';
import { EmployeeForm } from './components/employee-form';
import { PersonTimeOffCard } from '../time-off/components/person-time-off-card';
import { useAbility } from '../../lib/ability';
import { useSession } from '../../lib/session/store';

/** One person's record: all of it for admins and the person, the directory view for colleagues. */
export default function EmployeeScreen() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const person = useEmployee(uuid);
  const ability = useAbility();
  const admin = ability.can('write', 'peopleHR');
  const { user } = useSession();
  const fields = useFields();
  if (person.isError) return <StatusPage kind="notFound" />;
  if (!person.data || !fields.data) return <FullPageSpinner inConsole />;
  const p = person.data;
  return (
    <Stack gap="lg">
      <Group gap="md">
        <Avatar src={p.avatar} size="lg" radius="xl" alt="" />
        <div>
          <Title order={1} size="h2">
            {p.firstName} {p.lastName}
          </Title>
          <Text c="dimmed">
            {[p.jobTitle, p.department?.name].filter(Boolean).join(' · ')}{' '}
            {p.ended && <Badge color="gray">{t('admin:people.ended')}</Badge>}
          </Text>
          <Anchor href={`mailto:${p.email}`}>{p.email}</Anchor>
        </div>
      </Group>
      <Group>
        <Anchor component={Link} to={`/org-chart?focus=${p.uuid}`}>
          {t('admin:people.showInChart')}
        </Anchor>
        {ability.can('write', 'attendance') && (
          <Anchor component={Link} to={`/attendance/timesheets?person=${p.uuid}`}>
            {t('admin:people.showTimesheet')}
          </Anchor>
        )}
      </Group>
      <SectionCard title={t('admin:people.record')}>
        <EmployeeForm key={p.version} person={p} fields={fields.data.data} />
      </SectionCard>
      {/* An admin's way to a person's leave (cancel an approved one, started or not); not their own. */}
      {admin && p.uuid !== user?.uuid && <PersonTimeOffCard userUuid={p.uuid} name={`${p.firstName} ${p.lastName}`} />}
    </Stack>
  );
}
