import type { DayLeave } from '@wac/shared/schemas/attendance';
import { useTranslation } from 'react-i18next';

/** A day's approved time off as people read it: the type's name, and the half for a half day. */
export function useLeaveLabel() {
  const { t } = useTranslation();
  return (l: DayLeave) =>
    l.half === 'morning'
      ? t('admin:attendance.leaveMorning', { type: l.type })
      : l.half === 'afternoon'
        ? t('admin:attendance.leaveAfternoon', { type: l.type })
        : l.type;
}
