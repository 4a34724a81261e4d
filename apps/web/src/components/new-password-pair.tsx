import { SimpleGrid, Stack } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './auth-form';

// Its own module: the sign-in screen does not need it (nor SimpleGrid), and its bundle is budgeted.
/** A new password and its confirmation, stacked or (`sideBySide`) in two columns from small screens. */
export function NewPasswordPair({
  password,
  confirm,
  errors,
  passwordLabel,
  sideBySide,
}: {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: { message?: string }; confirmPassword?: { message?: string } };
  passwordLabel?: string;
  sideBySide?: boolean;
}) {
  const { t } = useTranslation();
  const fields = (
    <>
      <PasswordField field={password} error={errors.password?.message} label={passwordLabel} fresh />
      <PasswordField
        field={confirm}
        error={errors.confirmPassword?.message}
        label={t('common.confirmPassword')}
        fresh
      />
    </>
  );
  return sideBySide ? <SimpleGrid cols={{ base: 1, sm: 2 }}>{fields}</SimpleGrid> : <Stack>{fields}</Stack>;
}
