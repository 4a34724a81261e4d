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
  // The chosen person's name, kept for the field while a search lists others.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const current =
    value && chosen?.value === value ? chosen : value && initialLabel ? { value, label: initialLabel } : null;
  // The field shows the chosen name in its search box: that is no search. Searched, the list held the
  // chosen person alone (opening a record's Manager offered only its manager).
  const typed = search === current?.label ? '' : search;
  const [debounced] = useDebouncedValue(typed, 250);
  const found = useQuery({
    queryKey: ['employees', 'list', { search: debounced, picker: 1 }],
    queryFn: () => getEmployees({ search: debounced || undefined, itemsPerPage: 20 }),
  });
  const options = (found.data?.data ?? [])
    .filter((p) => p.uuid !== exclude)
    .map((p) => ({ value: p.uuid, label: `${p.firstName} ${p.lastName}` }));
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={(uuid, option) => {
        setChosen(uuid && option ? { value: uuid, label: option.label } : null);
        onChange(uuid);
      }}
      placeholder={placeholder}
      searchable
      clearable
      // Enter on the chosen person keeps them (clearing is the × button's): it emptied the field.
      allowDeselect={false}
      searchValue={search}
      onSearchChange={setSearch}
      // The chosen person is kept in the data for the field's label, not listed under a search it fails.
      filter={({ options: o }) =>
        o.filter(
          (x) =>
            !typed ||
            !('value' in x) ||
            x.value !== current?.value ||
            x.label.toLowerCase().includes(typed.trim().toLowerCase()),
        )
      }
      // Said once the search has answered (a dash alone read as nothing happening).
      nothingFoundMessage={found.isFetching ? undefined : t('admin:departments.nobody')}
    />
  );
}
