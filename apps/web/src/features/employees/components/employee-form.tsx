import type { CustomField, Employee, EmployeeUpdate, OrgNode } from '@wac/shared/schemas/employees';
import { EMPLOYMENT_TYPES } from '@wac/shared/schemas/employees';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyDatePicker } from '../../../components/company-date-picker';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDepartmentTree } from '../api/get-departments';
import { getOrgLevel } from '../api/get-org-level';
import { useUpdateEmployee } from '../api/update-employee';
import { PersonSelect } from './person-select';
import { ReportsMoveDialog } from './reports-move-dialog';

type Custom = Record<string, string | number | null>;
const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** Edits what the caller may change of a record: every field for admins, the self-editable ones for the person. */
export function EmployeeForm({ person, fields }: { person: Employee; fields: CustomField[] }) {
  const { t } = useTranslation();
  const formId = useId();
  const save = useUpdateEmployee(person.uuid);
  const departments = useDepartmentTree();
  const can = (key: string) => person.editable.includes(key);
  const [v, setV] = useState({
    jobTitle: person.jobTitle ?? '',
    departmentUuid: person.department?.uuid ?? null,
    managerUuid: person.manager?.uuid ?? null,
    employmentType: person.employmentType ?? null,
    startDate: person.startDate ?? '',
    endDate: person.endDate ?? '',
    workLocation: person.workLocation ?? '',
    workPhone: person.workPhone ?? '',
    ecName: person.emergencyContact?.name ?? '',
    ecRelation: person.emergencyContact?.relation ?? '',
    ecPhone: person.emergencyContact?.phone ?? '',
  });
  const [custom, setCustom] = useState<Custom>(person.custom);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (value: string | null) => setV((x) => ({ ...x, [k]: value ?? '' }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setIssues({});
    const body = bodyOf();
    // Ending the employment of someone who manages people: ask where their reports go first.
    if (can('managerUuid') && v.endDate && v.endDate !== (person.endDate ?? '')) {
      const level = await getOrgLevel(person.uuid).catch(() => null);
      if (level?.data.length) {
        setAsk({ body, reports: level.data, more: level.hasMore, error: null });
        return;
      }
    }
    await send(body);
  };
  const [ask, setAsk] = useState<{
    body: EmployeeUpdate;
    reports: OrgNode[];
    more: boolean;
    error: string | null;
  } | null>(null);

  const bodyOf = () => {
    const body: EmployeeUpdate = { version: person.version };
    if (can('jobTitle')) body.jobTitle = orNull(v.jobTitle);
    if (can('departmentUuid')) body.departmentUuid = v.departmentUuid || null;
    if (can('managerUuid')) body.managerUuid = v.managerUuid || null;
    if (can('employmentType')) body.employmentType = (v.employmentType || null) as EmployeeUpdate['employmentType'];
    if (can('startDate')) body.startDate = orNull(v.startDate);
    if (can('endDate')) body.endDate = orNull(v.endDate);
    if (can('workLocation')) body.workLocation = orNull(v.workLocation);
    if (can('workPhone')) body.workPhone = orNull(v.workPhone);
    if (can('emergencyContact')) {
      body.emergencyContact = { name: orNull(v.ecName), relation: orNull(v.ecRelation), phone: orNull(v.ecPhone) };
    }
    const editableCustom = Object.entries(custom).filter(([id]) => can('custom') || can(`custom.${id}`));
    if (editableCustom.length) body.custom = Object.fromEntries(editableCustom);
    return body;
  };

  /** Saves; a refusal about where the reports go is said in the question, the rest on the form. */
  const send = async (body: EmployeeUpdate) => {
    try {
      await save.mutateAsync(body);
      setAsk(null);
      notify.success(t('admin:people.saved'));
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      if (body.reportsTo !== undefined && (err.issues ?? []).some((i) => i.path === 'body.reportsTo')) {
        setAsk((a) => a && { ...a, error: err.message });
        return;
      }
      setAsk(null);
      setError(err.message);
      setIssues(Object.fromEntries((err.issues ?? []).map((i) => [i.path.replace(/^body\./, ''), i.message])));
    }
  };
  const err = (k: string) => issues[k];
  // What the reader cannot change looks it (filled, grey): read-only fields looked editable, so Bob
  // typed into his job title and nothing happened, and a colleague's record looked like a form.
  const look = (editable: boolean) => (editable ? undefined : 'filled');
  // The server names an emergency contact's part ('emergencyContact.phone'): each lands on its own field.
  const contactPart = { ecName: 'name', ecRelation: 'relation', ecPhone: 'phone' } as Record<string, string>;
  const errOf = (k: string) =>
    k in contactPart ? (err(`emergencyContact.${contactPart[k]}`) ?? err('emergencyContact')) : err(k);
  const text = (k: keyof typeof v, label: string, editKey: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      // A number reads left to right in every language ("+351 210…", not "…210 351+" in Arabic).
      dir={type === 'tel' ? 'ltr' : undefined}
      value={v[k] ?? ''}
      onChange={(e) => set(k)(e.currentTarget.value)}
      readOnly={!can(editKey)}
      variant={look(can(editKey))}
      error={errOf(k)}
    />
  );
  // A day picked from a calendar written in the console's language: a native date field writes
  // it in the browser's (mm/dd/yyyy in a German console on an English browser).
  const day = (k: 'startDate' | 'endDate', label: string) => (
    <CompanyDatePicker
      label={label}
      value={v[k]}
      onChange={(x) => set(k)(x)}
      readOnly={!can(k)}
      clearable={can(k)}
      error={err(k)}
    />
  );
  const anyEditable = person.editable.length > 0;
  // The person on their own record (admins change every field, 'custom' included).
  const someLocked = anyEditable && !can('custom');

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('admin:people.recordForm')}>
      {ask && (
        <ReportsMoveDialog
          person={person}
          reports={ask.reports}
          more={ask.more}
          error={ask.error}
          busy={save.isPending}
          onMove={(to) => void send({ ...ask.body, reportsTo: to })}
          onKeep={() => void send(ask.body)}
          onCancel={() => setAsk(null)}
        />
      )}
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {someLocked && (
          <Text size="sm" c="dimmed" data-testid="record-locked-hint">
            {t('admin:people.lockedHint')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('jobTitle', t('admin:people.jobTitle'), 'jobTitle')}
          <Select
            label={t('admin:people.department')}
            data={(departments.data?.data ?? []).map((d) => ({ value: d.uuid, label: d.name }))}
            value={v.departmentUuid}
            onChange={(x) => setV((s) => ({ ...s, departmentUuid: x }))}
            readOnly={!can('departmentUuid')}
            variant={look(can('departmentUuid'))}
            clearable={can('departmentUuid')}
            searchable
            error={err('departmentUuid')}
          />
          {can('managerUuid') ? (
            <PersonSelect
              label={t('admin:people.manager')}
              value={v.managerUuid}
              exclude={person.uuid}
              initialLabel={person.manager ? `${person.manager.firstName} ${person.manager.lastName}` : undefined}
              onChange={(x) => setV((s) => ({ ...s, managerUuid: x }))}
            />
          ) : (
            <TextInput
              label={t('admin:people.manager')}
              readOnly
              variant="filled"
              value={person.manager ? `${person.manager.firstName} ${person.manager.lastName}` : ''}
            />
          )}
          {person.view === 'full' && (
            <Select
              label={t('admin:people.employmentType')}
              data={EMPLOYMENT_TYPES.map((x) => ({ value: x, label: t(`admin:people.types.${x}`) }))}
              value={v.employmentType}
              onChange={(x) => setV((s) => ({ ...s, employmentType: x as typeof s.employmentType }))}
              readOnly={!can('employmentType')}
              variant={look(can('employmentType'))}
              clearable={can('employmentType')}
            />
          )}
          {person.view === 'full' && day('startDate', t('admin:people.startDate'))}
          {person.view === 'full' && day('endDate', t('admin:people.endDate'))}
          {person.view === 'full' && text('workLocation', t('admin:people.workLocation'), 'workLocation')}
          {text('workPhone', t('admin:people.workPhone'), 'workPhone', 'tel')}
        </SimpleGrid>
        {person.view === 'full' && (
          <>
            <Title order={3} size="h5" id={`${formId}-emergency`}>
              {t('admin:people.emergencyContact')}
            </Title>
            {/* A group named by its heading: a screen reader says "Emergency contact, Name", not a second "Name". */}
            <SimpleGrid cols={{ base: 1, sm: 3 }} role="group" aria-labelledby={`${formId}-emergency`}>
              {text('ecName', t('admin:people.ecName'), 'emergencyContact')}
              {text('ecRelation', t('admin:people.ecRelation'), 'emergencyContact')}
              {text('ecPhone', t('admin:people.ecPhone'), 'emergencyContact', 'tel')}
            </SimpleGrid>
          </>
        )}
        {fields.some((f) => f.uuid in custom) && (
          <>
            <Title order={3} size="h5">
              {t('admin:people.customFields')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {fields
                .filter((f) => f.uuid in custom)
                .map((f) => {
                  const editable = can('custom') || can(`custom.${f.uuid}`);
                  const value = custom[f.uuid] ?? null;
                  const put = (x: string | number | null) => setCustom((c) => ({ ...c, [f.uuid]: x }));
                  const common = {
                    label: f.label,
                    readOnly: !editable,
                    variant: look(editable),
                    withAsterisk: f.required,
                    error: err(`custom.${f.uuid}`),
                  };
                  if (f.type === 'number')
                    return (
                      <NumberInput
                        key={f.uuid}
                        {...common}
                        value={typeof value === 'number' ? value : ''}
                        onChange={(x) => put(typeof x === 'number' ? x : null)}
                      />
                    );
                  if (f.type === 'select')
                    return (
                      <Select
                        key={f.uuid}
                        {...common}
                        data={f.options}
                        value={typeof value === 'string' ? value : null}
                        onChange={put}
                        clearable={editable}
                      />
                    );
                  if (f.type === 'date')
                    return (
                      <CompanyDatePicker
                        key={f.uuid}
                        label={f.label}
                        required={f.required}
                        readOnly={!editable}
                        clearable={editable}
                        error={common.error}
                        value={typeof value === 'string' ? value : ''}
                        onChange={(x) => put(x || null)}
                      />
                    );
                  return (
                    <TextInput
                      key={f.uuid}
                      {...common}
                      value={typeof value === 'string' ? value : ''}
                      onChange={(e) => put(e.currentTarget.value || null)}
                    />
                  );
                })}
            </SimpleGrid>
          </>
        )}
        {anyEditable && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('admin:common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
