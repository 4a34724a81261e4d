import { Select } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * The one role a person is given in a company (member or admin), for a form whose `roles` field is
 * the membership's role list: the invitation, and the super admin's adding of a person.
 */
export function RoleField<T extends FieldValues & { roles?: string[] }>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={'roles' as Path<T>}
      render={({ field }) => (
        <Select
          label={t('admin:members.role')}
          data={[
            { value: 'member', label: t('admin:roles.member') },
            { value: 'admin', label: t('admin:roles.admin') },
          ]}
          value={field.value?.[0] ?? 'member'}
          onChange={(v) => field.onChange([v ?? 'member'])}
          allowDeselect={false}
        />
      )}
    />
  );
}
