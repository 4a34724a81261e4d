import type { Action, Subject } from '@wac/shared/permissions';
import {
  IconBuildingSkyscraper,
  IconDoorEnter,
  IconHistory,
  IconLayoutDashboard,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface NavItem {
  path: string;
  labelKey: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** Shown only when the shared rules allow this (the server enforces it anyway). */
  can: [Action, Subject];
}

/** The sidebar, in order. Areas built by other features add their entry here. */
export const NAV_ITEMS: NavItem[] = [
  { path: '/', labelKey: 'nav.dashboard', icon: IconLayoutDashboard, can: ['read', 'default'] },
  { path: '/users', labelKey: 'nav.users', icon: IconUsers, can: ['write', 'user'] },
  { path: '/teams', labelKey: 'nav.teams', icon: IconUsersGroup, can: ['write', 'team'] },
  { path: '/companies', labelKey: 'nav.companies', icon: IconBuildingSkyscraper, can: ['read', 'companies'] },
  // Strings of the administration screens live in their own namespace (locales/admin).
  { path: '/audit-log', labelKey: 'admin:nav.auditLog', icon: IconHistory, can: ['write', 'compliance'] },
  { path: '/join', labelKey: 'admin:nav.join', icon: IconDoorEnter, can: ['read', 'default'] },
];
