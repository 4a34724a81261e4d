import { MAX_FILE_BYTES, PLANS } from '@wac/shared/constants';
import { INVITATION_LIMIT_MAX } from '@wac/shared/schemas/companies';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../components/section-card';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAbility } from '../../lib/ability';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiError } from '../../lib/api-client';
import { issueField } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { openCompanyConsole as openConsole } from '../../lib/session/session';
import type { Company } from './api/get-companies';
import { useCompany } from './api/get-company';
import { useCompanyAdmins } from './api/get-company-admins';
import { useUpdateCompany } from './api/update-company';
import { UsersCard } from './components/company-users-card';
import { useUploadLogo } from './api/upload-logo';
import { PageHeading } from '../../components/page-heading';
import { useFormat } from '../../lib/format';
import { CompanyDatePicker } from '../../components/company-date-picker';
import { trialDayOf, trialEndOf } from './trial-day';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

function EditCard({ company, canWrite }: { company: Company; canWrite: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const update = useUpdateCompany(company.uuid);
  const [title, setTitle] = useState(company.title ?? '');
  const [description, setDescription] = useState(company.description ?? '');
  const [subDomain, setSubDomain] = useState(company.subDomain);
  const [plan, setPlan] = useState(company.plan);
  // The picker holds a day; the trial ends at an instant (the end of that day where the reader is,
  // see trial-day.ts). An untouched day is not sent, or saving anything else would move the end.
  const savedTrialDay = trialDayOf(company.trialEndsAt);
  const [trialEnd, setTrialEnd] = useState(savedTrialDay);
  // Empty: the default invitation quota (docs/decisions/006-csv-import.md).
  const [limitHour, setLimitHour] = useState<string | number>(company.invitationLimitHour ?? '');
  const [limitDay, setLimitDay] = useState<string | number>(company.invitationLimitDay ?? '');
  const limitOf = (v: string | number) => (v === '' ? null : Number(v));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [askDisable, setAskDisable] = useState(false);
  // Saved (here or elsewhere), the company is shown as it now is in the same fields: the card is not
  // rebuilt, so the focus stays where it was (the switch after its question, Save) instead of
  // falling to the page.
  const [shown, setShown] = useState(company.version);
  if (shown !== company.version) {
    setShown(company.version);
    setTitle(company.title ?? '');
    setDescription(company.description ?? '');
    setSubDomain(company.subDomain);
    setPlan(company.plan);
    setTrialEnd(savedTrialDay);
    setLimitHour(company.invitationLimitHour ?? '');
    setLimitDay(company.invitationLimitDay ?? '');
  }
  // A field's refusal goes once the field is changed (it stayed under a corrected value until the next save).
  const clear = (k: string) => setFieldErrors((e) => (e[k] ? { ...e, [k]: '' } : e));

  // The switch sends the flag alone (not the form's unsaved edits) and says what it did.
  const setEnabled = async (enabled: boolean) => {
    setError(null);
    try {
      await update.mutateAsync({ version: company.version, enabled });
      notify.success(
        t(enabled ? 'admin:companies.enabledDone' : 'admin:companies.disabledDone', { name: company.name }),
      );
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };

  const save = async () => {
    setError(null);
    setFieldErrors({});
    try {
      await update.mutateAsync({
        version: company.version,
        title: title.trim() || null,
        description: description.trim() || null,
        subDomain: subDomain.trim(),
        plan: plan as (typeof PLANS)[number],
        ...(trialEnd === savedTrialDay ? {} : { trialEndsAt: trialEnd ? trialEndOf(trialEnd) : null }),
        invitationLimitHour: limitOf(limitHour),
        invitationLimitDay: limitOf(limitDay),
      });
      notify.success(t('admin:companies.saved'));
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      // A limit's one rule is its range: said with it, not as 'This value is not valid.'
      const range = t('admin:companies.invitationLimitRange', {
        min: f.number(1),
        max: f.number(INVITATION_LIMIT_MAX),
      });
      const said = (field: string, message: string) => (field.startsWith('invitationLimit') ? range : message);
      setFieldErrors(
        Object.fromEntries(e.issues.map((i) => [issueField(i.path), said(issueField(i.path), i.message)])),
      );
      setError(e.message);
    }
  };

  return (
    <Paper className="card" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {t('admin:companies.details')}
        </Title>
        <Switch
          label={t('admin:companies.enabled')}
          checked={company.enabled}
          disabled={!canWrite || update.isPending}
          // Disabling locks every member out at once: asked first. Enabling is done at once.
          onChange={(e) => (e.currentTarget.checked ? void setEnabled(true) : setAskDisable(true))}
          data-testid="company-enabled"
        />
      </Group>
      {askDisable && (
        <ConfirmDialog
          title={t('admin:companies.disableTitle', { name: company.name })}
          text={t('admin:companies.disableText', { name: company.name })}
          confirm={t('admin:companies.disableConfirm')}
          busy={update.isPending}
          onConfirm={() => void setEnabled(false).then(() => setAskDisable(false))}
          onClose={() => setAskDisable(false)}
        />
      )}
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('admin:companies.titleField')}
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            clear('title');
          }}
          readOnly={!canWrite}
          error={fieldErrors.title}
        />
        <Textarea
          label={t('admin:teams.description')}
          value={description}
          onChange={(e) => {
            setDescription(e.currentTarget.value);
            clear('description');
          }}
          readOnly={!canWrite}
          autosize
          minRows={2}
          error={fieldErrors.description}
        />
        <TextInput
          label={t('admin:companies.subDomain')}
          value={subDomain}
          onChange={(e) => {
            setSubDomain(e.currentTarget.value);
            clear('subDomain');
          }}
          readOnly={!canWrite}
          error={fieldErrors.subDomain}
        />
        <Group grow>
          <Select
            label={t('admin:companies.plan')}
            data={PLANS.map((p) => ({ value: p, label: f.plan(p) }))}
            value={plan}
            onChange={(v) => v && setPlan(v)}
            readOnly={!canWrite}
            allowDeselect={false}
          />
          <CompanyDatePicker
            label={t('admin:companies.trialEnd')}
            value={trialEnd}
            onChange={(v) => {
              setTrialEnd(v);
              clear('trialEndsAt');
            }}
            readOnly={!canWrite}
            error={fieldErrors.trialEndsAt}
            testId="company-trial-end"
          />
        </Group>
        <Group grow align="flex-start">
          {(
            [
              ['Hour', limitHour, setLimitHour],
              ['Day', limitDay, setLimitDay],
            ] as const
          ).map(([per, value, onChange]) => (
            <NumberInput
              key={per}
              label={t(`admin:companies.invitationLimit${per}`)}
              description={t('admin:companies.invitationLimitHint')}
              value={value}
              onChange={(v) => {
                onChange(v);
                clear(`invitationLimit${per}`);
              }}
              min={1}
              max={INVITATION_LIMIT_MAX}
              // Kept as typed: a number past the limit is said under the field on saving, not
              // changed to the limit behind the admin's back (99999999999 saved as 1,000,000).
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={false}
              readOnly={!canWrite}
              error={fieldErrors[`invitationLimit${per}`]}
              data-testid={`invitation-limit-${per.toLowerCase()}`}
            />
          ))}
        </Group>
        {canWrite && (
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={update.isPending}>
              {t('admin:common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function LogoCard({ company, canWrite }: { company: Company; canWrite: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadLogo(company.uuid);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);

  const choose = async (f: File | null) => {
    setError(null);
    setFile(f);
    if (!f) return;
    // Checked here to spare the upload; the server checks the bytes again.
    if (f.size > MAX_FILE_BYTES) return setError(t('errors:FILE_TOO_LARGE'));
    if (!LOGO_TYPES.includes(f.type)) return setError(t('admin:companies.logoType'));
    try {
      await upload.mutateAsync({ file: f, version: company.version });
      notify.success(t('admin:companies.logoSaved'));
      setFile(null);
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    }
  };

  return (
    <SectionCard title={t('admin:companies.logo')}>
      <Group align="flex-start">
        <Avatar
          src={company.logo}
          alt={t('admin:companies.logoAlt', { name: company.name })}
          size={72}
          radius="md"
          data-testid="company-logo"
        >
          {company.name.slice(0, 2)}
        </Avatar>
        {canWrite && (
          <FileInput
            style={{ flex: 1 }}
            label={t('admin:companies.logoUpload')}
            description={t('admin:companies.logoHint')}
            accept={LOGO_TYPES.join(',')}
            value={file}
            onChange={(f) => void choose(f)}
            error={error}
            disabled={upload.isPending}
            data-testid="logo-input"
          />
        )}
      </Group>
    </SectionCard>
  );
}

function AdminsCard({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const admins = useCompanyAdmins(uuid);
  return (
    <SectionCard title={t('admin:companies.admins')}>
      {admins.data?.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('admin:companies.noAdmins')}
        </Text>
      )}
      <List data-testid="company-admins">
        {admins.data?.data.map((a) => (
          <List.Item key={a.uuid}>
            {a.firstName} {a.lastName} — {a.email}{' '}
            {!a.enabled && <Badge color="gray">{t('admin:status.disabled')}</Badge>}
          </List.Item>
        ))}
      </List>
    </SectionCard>
  );
}

export default function CompanyScreen() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const canWrite = useAbility().can('write', 'companies');
  const company = useCompany(uuid);
  if (company.isPending) return <Skeleton h={240} />;
  if (!company.data) return <Alert color="red">{t('admin:common.notFound')}</Alert>;
  const c = company.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/companies" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden className="flip-rtl" />
          {t('admin:companies.back')}
        </Group>
      </Anchor>
      <Group justify="space-between">
        <PageHeading>{c.name}</PageHeading>
        <Button
          variant="light"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          onClick={() => void openConsole(c.uuid)}
          disabled={!c.enabled}
          data-testid="open-console"
        >
          {canWrite ? t('admin:companies.openConsoleWrite') : t('admin:companies.openConsole')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <EditCard key={c.uuid} company={c} canWrite={canWrite} />
        <Stack>
          <LogoCard company={c} canWrite={canWrite} />
          <AdminsCard uuid={c.uuid} />
        </Stack>
      </SimpleGrid>
      <UsersCard company={c} canWrite={canWrite} />
    </Stack>
  );
}
