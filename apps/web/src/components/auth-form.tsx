import { PasswordInput, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../lib/i18n';

/** The title and the line under it that open every signed-out form. */
export function FormHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h3">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
    </div>
  );
}

interface FieldProps {
  field: UseFormRegisterReturn;
  /** The field's validation message key (zod issue message), translated here. */
  error?: string;
  label?: string;
  autoFocus?: boolean;
}

/** The sign-in email: required, the browser's username for password managers. */
export function EmailField({ field, error, label, autoFocus }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label ?? t('common.email')}
      type="email"
      autoComplete="username"
      autoFocus={autoFocus}
      withAsterisk
      error={fieldMessage(error)}
      {...field}
    />
  );
}

/** A required password with a translated show/hide toggle; `fresh` for a new password. */
export function PasswordField({ field, error, label, autoFocus, fresh }: FieldProps & { fresh?: boolean }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={label ?? t('common.password')}
      autoComplete={fresh ? 'new-password' : 'current-password'}
      autoFocus={autoFocus}
      withAsterisk
      error={fieldMessage(error)}
      visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
      {...field}
    />
  );
}
