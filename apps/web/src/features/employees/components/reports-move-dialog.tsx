import type { Employee, OrgNode } from '@wac/shared/schemas/employees';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/app-dialog';
import { isolate, useFormat } from '../../../lib/format';
import { PersonSelect } from './person-select';

const SHOWN = 5;

/**
 * Asked when an admin ends the employment of someone who manages people: who their reports report
 * to from now on (the person's own manager first), or nobody, or to keep them where they are. An
 * ended employment leaves the chain, so without this they would land at the top of the chart.
 */
export function ReportsMoveDialog({
  person,
  reports,
  more,
  error,
  busy,
  onMove,
  onKeep,
  onCancel,
}: {
  person: Employee;
  reports: OrgNode[];
  /** Whether there are more reports than `reports` holds. */
  more: boolean;
  error: string | null;
  busy: boolean;
  onMove: (to: string | null) => void;
  onKeep: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [to, setTo] = useState<string | null>(person.manager?.uuid ?? null);
  // Each name isolated: Latin names in an Arabic sentence ran into each other and into the count.
  const name = isolate(`${person.firstName} ${person.lastName}`.trim());
  const names = reports.slice(0, SHOWN).map((r) => isolate(`${r.firstName} ${r.lastName}`.trim()));
  const others = reports.length - names.length;
  const listed =
    others > 0 || more
      ? f.list([...names, t('admin:people.reportsOthers', { count: others, more: more ? '+' : '' })])
      : f.list(names);
  return (
    // The console's dialog: its close button named, its header no second banner (a bare Modal had neither).
    <AppDialog opened onClose={onCancel} title={t('admin:people.reportsTitle', { name })}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm">
          {t('admin:people.reportsText', { name, count: reports.length, more: more ? '+' : '', people: listed })}
        </Text>
        <PersonSelect
          label={t('admin:people.reportsTo')}
          value={to}
          exclude={person.uuid}
          initialLabel={person.manager ? `${person.manager.firstName} ${person.manager.lastName}` : undefined}
          onChange={setTo}
          placeholder={t('admin:people.reportsToNobody')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('admin:common.cancel')}
          </Button>
          <Button variant="default" onClick={onKeep} loading={busy}>
            {t('admin:people.reportsKeep')}
          </Button>
          <Button onClick={() => onMove(to)} loading={busy} data-autofocus>
            {t('admin:people.reportsMove')}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
