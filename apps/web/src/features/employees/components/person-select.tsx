import { useTranslation } from 'react-i18next';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getEmployees } from '../api/get-employees';

/** Picks a current colleague by name (searched on the server), e.g. a manager. */
export function PersonSelect({
  label,
  value,
  initialLabel,
  exclude,
  onChange,
  placeholder,
}: {
  label: string;
  value: string | null;
  initialLabel?: string;
  exclude?: string;
  onChange: (uuid: string | null) => void;
  /** What an empty choice means ("Nobody"). */
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: ['employees', 'list', { search: debounced, picker: 1 }],
    queryFn: () => getEmployees({ search: debounced || undefined, itemsPerPage: 20 }),
  });
  const options = (found.data?.data ?? [])
    .filter((p) => p.uuid !== exclude)
    .map((p) => ({ value: p.uuid, label: `${p.firstName} ${p.lastName}` }));
  if (value && initialLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: initialLabel });
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      // Said once the search has answered (a dash alone read as nothing happening).
      nothingFoundMessage={found.isFetching ? undefined : t('admin:departments.nobody')}
    />
  );
}
