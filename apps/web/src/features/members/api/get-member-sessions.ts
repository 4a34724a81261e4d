import type { MemberSessionsSchema } from '@wac/shared/schemas/members';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const getMemberSessions = (uuid: string) =>
  api<z.infer<typeof MemberSessionsSchema>>(`/api/members/${uuid}/sessions`);

export const useMemberSessions = (uuid: string) =>
  useQuery({ queryKey: ['members', 'sessions', uuid], queryFn: () => getMemberSessions(uuid) });
