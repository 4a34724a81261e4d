import { Checkbox, MultiSelect } from '@mantine/core';

export interface AudienceValue {
  all: boolean;
  teams: string[];
  departments: string[];
}

/**
 * Who something is for (a policy, a certification): everyone, or chosen teams and departments. The
 * labels are the area's own; the options are the company's teams and departments.
 */
export function AudienceFields({
  value,
  onChange,
  options,
  labels,
}: {
  value: AudienceValue;
  onChange: (value: AudienceValue) => void;
  options: { teams: { value: string; label: string }[]; departments: { value: string; label: string }[] } | undefined;
  labels: { all: string; teams: string; departments: string };
}) {
  return (
    <>
      <Checkbox
        label={labels.all}
        checked={value.all}
        onChange={(e) => onChange({ ...value, all: e.currentTarget.checked })}
      />
      {!value.all && (
        <>
          <MultiSelect
            label={labels.teams}
            data={options?.teams ?? []}
            value={value.teams}
            onChange={(teams) => onChange({ ...value, teams })}
            searchable
          />
          <MultiSelect
            label={labels.departments}
            data={options?.departments ?? []}
            value={value.departments}
            onChange={(departments) => onChange({ ...value, departments })}
            searchable
          />
        </>
      )}
    </>
  );
}
