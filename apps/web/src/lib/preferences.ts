import type { Skin } from '@wac/shared/constants';
import { useSyncExternalStore } from 'react';
import {
  type ContentWidth,
  readContentWidth,
  readNavCollapsed,
  readSkin,
  writeContentWidth,
  writeNavCollapsed,
  writeSkin,
} from './storage';

/** Look-and-feel choices, persisted in localStorage and mirrored on <html> for CSS. */
export interface Preferences {
  skin: Skin;
  navCollapsed: boolean;
  contentWidth: ContentWidth;
}

let prefs: Preferences = { skin: readSkin(), navCollapsed: readNavCollapsed(), contentWidth: readContentWidth() };
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const colorSchemeOf = (skin: Skin) => (skin === 'dark' ? 'dark' : 'light');

export function setSkin(skin: Skin) {
  writeSkin(skin);
  document.documentElement.setAttribute('data-skin', skin);
  prefs = { ...prefs, skin };
  emit();
}

export function setNavCollapsed(navCollapsed: boolean) {
  writeNavCollapsed(navCollapsed);
  prefs = { ...prefs, navCollapsed };
  emit();
}

export function setContentWidth(contentWidth: ContentWidth) {
  writeContentWidth(contentWidth);
  prefs = { ...prefs, contentWidth };
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
export const usePreferences = () => useSyncExternalStore(subscribe, () => prefs);
