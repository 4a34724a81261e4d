import type { HolidayPageSchema } from '@wac/shared/schemas/attendance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const holidayKeys = {
  all: ['attendance', 'holidays'] as const,
  year: (year: number) => ['attendance', 'holidays', year] as const,
};

/** A year's public holidays (at most 100 a page, which a year never exceeds in practice). */
export const getHolidays = (year: number) =>
  api<z.infer<typeof HolidayPageSchema>>('/api/attendance/holidays', {
    query: { from: `${year}-01-01`, to: `${year}-12-31`, itemsPerPage: 100 },
  });

export const useHolidays = (year: number) =>
  useQuery({ queryKey: holidayKeys.year(year), queryFn: () => getHolidays(year), placeholderData: keepPreviousData });
