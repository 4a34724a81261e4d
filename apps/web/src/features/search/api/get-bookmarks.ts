import type { BookmarkListSchema } from '@wac/shared/schemas/search';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { searchKeys } from './get-search';

export type BookmarkList = z.infer<typeof BookmarkListSchema>;

export const getBookmarks = () => api<BookmarkList>('/api/bookmarks');

export const useBookmarks = (enabled: boolean) =>
  useQuery({ queryKey: searchKeys.bookmarks, queryFn: getBookmarks, enabled });
