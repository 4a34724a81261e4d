import { LANGUAGES, type Language, SKINS, type Skin } from '@wac/shared/constants';
import { z } from 'zod';

/**
 * What the console keeps in localStorage. Never a token: the access token lives in memory and
 * the refresh token in an HttpOnly cookie (docs/decisions/002-auth-tokens-and-sessions.md).
 */
export const STORAGE_KEYS = {
  userData: 'userData',
  skin: 'skin',
  language: 'language',
  navCollapsed: 'navCollapsed',
  contentWidth: 'contentWidth',
} as const;

const StoredCompanySchema = z.object({
  uuid: z.string(),
  enabled: z.boolean(),
  roles: z.array(z.object({ name: z.string() })),
  company: z.object({
    uuid: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    subDomain: z.string(),
    enabled: z.boolean(),
  }),
});

export const UserDataSchema = z.object({
  uuid: z.string(),
  roles: z.array(z.string()),
  userCompanies: z.array(StoredCompanySchema),
  currentCompany: StoredCompanySchema.nullable(),
});
export type UserData = z.infer<typeof UserDataSchema>;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be blocked (private mode, policies); preferences then last for the page only.
  }
}

export function readUserData(): UserData | null {
  const raw = read(STORAGE_KEYS.userData);
  if (!raw) return null;
  try {
    const parsed = UserDataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeUserData(data: UserData | null) {
  write(STORAGE_KEYS.userData, data ? JSON.stringify(data) : null);
}

export function readSkin(): Skin {
  const v = read(STORAGE_KEYS.skin);
  return (SKINS as readonly string[]).includes(v ?? '') ? (v as Skin) : 'light';
}
export const writeSkin = (skin: Skin) => write(STORAGE_KEYS.skin, skin);

/**
 * The language chosen in this browser, else the first of the browser's languages the console speaks
 * (as the public company pages do; preferences-boot.js applies the same rule before first paint),
 * else English.
 */
export function readLanguage(): Language {
  const v = read(STORAGE_KEYS.language);
  if ((LANGUAGES as readonly string[]).includes(v ?? '')) return v as Language;
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of wanted) {
    const primary = String(tag).toLowerCase().split('-')[0] ?? '';
    if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Language;
  }
  return 'en';
}
export const writeLanguage = (lang: Language) => write(STORAGE_KEYS.language, lang);

/** The language and skin the person chose in this browser on this address, or null: a default is no choice. */
export function chosenLanguage(): Language | null {
  const v = read(STORAGE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : null;
}
export function chosenSkin(): Skin | null {
  const v = read(STORAGE_KEYS.skin);
  return (SKINS as readonly string[]).includes(v ?? '') ? (v as Skin) : null;
}

/** The sidebar is collapsed unless the user opened it (and remembered per browser). */
export const readNavCollapsed = () => read(STORAGE_KEYS.navCollapsed) !== 'false';
export const writeNavCollapsed = (collapsed: boolean) => write(STORAGE_KEYS.navCollapsed, String(collapsed));

export type ContentWidth = 'full' | 'boxed';
export const readContentWidth = (): ContentWidth => (read(STORAGE_KEYS.contentWidth) === 'boxed' ? 'boxed' : 'full');
export const writeContentWidth = (w: ContentWidth) => write(STORAGE_KEYS.contentWidth, w);
