import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberSearch } from '../api/search-members';

/** Options from a server search; labels of chosen people are kept when they leave the results. */
function useMemberOptions() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const members = useMemberSearch(debounced);
  const labels = useRef(new Map<string, string>());
  for (const m of members.data?.data ?? []) labels.current.set(m.uuid, `${m.firstName} ${m.lastName} (${m.email})`);
  const options = (members.data?.data ?? []).map((m) => ({
    value: m.uuid,
    label: labels.current.get(m.uuid) ?? m.email,
  }));
  return { search, setSearch, options, labels: labels.current };
}

const withSelected = (options: { value: string; label: string }[], selected: string[], labels: Map<string, string>) => [
  ...options,
  ...selected.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: labels.get(v) ?? v })),
];

export function MembersPicker(props: {
  label: string;
  value: string[];
  onChange: (v: string[]) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const o = useMemberOptions();
  return (
    <MultiSelect
      label={props.label}
      data={withSelected(o.options, props.value, o.labels)}
      value={props.value}
      onChange={props.onChange}
      searchable
      searchValue={o.search}
      onSearchChange={o.setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('admin:table.empty')}
      data-testid={props.testId}
      hidePickedOptions
    />
  );
}

export function LeadPicker(props: {
  label: string;
  value: string | null;
  initialLabel?: string;
  onChange: (v: string | null) => void;
}) {
  const { t } = useTranslation();
  const o = useMemberOptions();
  if (props.value && props.initialLabel && !o.labels.has(props.value)) o.labels.set(props.value, props.initialLabel);
  return (
    <Select
      label={props.label}
      data={withSelected(o.options, props.value ? [props.value] : [], o.labels)}
      value={props.value}
      onChange={props.onChange}
      searchable
      onSearchChange={o.setSearch}
      filter={({ options }) => options}
      clearable
      nothingFoundMessage={t('admin:table.empty')}
    />
  );
}
