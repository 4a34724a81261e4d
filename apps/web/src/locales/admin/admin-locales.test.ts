import { AUDIT_ACTIONS } from '@wac/shared/audit';
import { LANGUAGES } from '@wac/shared/constants';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import {
  expectCountsPlural,
  expectFrenchApostrophes,
  expectSameKeysAsEnglish,
  flatten,
  type Tree,
} from '../../test/locale-catalog';

const catalogs = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const sourceFiles = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const load = (lang: string) => {
  const tree = catalogs[`./${lang}.json`];
  if (!tree) throw new Error(`no admin/${lang}.json`);
  return flatten(tree);
};
const en = load('en');

// Keys built at run time from a value (`admin:roles.${role}` …): every value they can take.
const DYNAMIC_KEYS = [
  ...['admin', 'member'].map((r) => `roles.${r}`),
  ...['first', 'previous', 'next', 'last'].map((c) => `table.${c}`),
  ...['enabled', 'schedulingEnabled', 'emailEnabled', 'videoCallEnabled'].map((k) => `member.${k}`),
  ...['valid', 'invalid', 'invited', 'skipped'].map((s) => `import.status.${s}`),
  ...['pending', 'accepted', 'declined', 'withdrawn'].map((s) => `join.status.${s}`),
  ...['members', 'admins', 'teams', 'disabledMembers'].map((k) => `dashboard.${k}`),
  ...['invite', 'team'].map((k) => `dashboard.setup.${k}`),
  ...['text', 'number', 'date', 'select'].map((k) => `peopleSettings.types.${k}`),
  ...['pending', 'rejected'].map((s) => `certifications.submission.${s}`),
  // Every audit action is a sentence.
  ...AUDIT_ACTIONS.map((a) => `audit.sentence.${a}`),
];

// Numbers in messages that are not counts of something: positions, versions, years, "of N".
const NOT_COUNTS: Record<string, string[]> = {
  'table.range': ['first', 'last', 'total'],
  'table.rangeMoreThan': ['first', 'last', 'total'],
  'table.page': ['page'],
  // The first N of the rows with a problem: N is the server's cap, never one.
  'import.problemsTruncated': ['shown'],
  'import.progress': ['total'],
  'attendance.bulkProgress': ['total'],
  'audit.verifyBroken': ['seq'],
  'jobs.attemptsOf': ['n', 'max'],
  // A range's bounds (1 to 1,000,000), no count of things.
  'companies.invitationLimitRange': ['max'],
  'common.numberRange': ['max'],
  'attendance.importLineError': ['line'],
  'attendance.importTitle': ['year'],
  'policies.draftOf': ['number'],
  // A new table's column, named by its place: a position, not a count.
  'policies.editor.column': ['n'],
  'policies.publishText': ['number'],
  'policies.acknowledgedVersion': ['number'],
  'policies.versionPublished': ['number'],
};

describe('admin locales', () => {
  for (const lang of LANGUAGES) {
    it(`${lang} has exactly the English admin keys, non-empty, with the same placeholders`, () => {
      expectSameKeysAsEnglish(lang, load(lang), en);
    });
  }

  for (const lang of LANGUAGES) {
    it(`${lang}: every count is {{count}} with the plural forms of the language`, () => {
      expectCountsPlural(lang, load(lang), NOT_COUNTS);
    });
  }

  it('a count picks the form of its language (French 0 and 1 singular, Arabic dual, Portuguese 0 plural)', async () => {
    const say = (lng: string, key: string, count: number) => i18n.t(`admin:${key}`, { lng, count });
    try {
      await setLanguage('fr', false);
      expect([0, 1, 2, 1234].map((n) => say('fr', 'import.validCount', n))).toEqual([
        '0 valide',
        '1 valide',
        '2 valides',
        `${new Intl.NumberFormat('fr').format(1234)} valides`,
      ]);
      expect(say('fr', 'import.rowCount', 1_000_000)).toBe(
        `${new Intl.NumberFormat('fr').format(1_000_000)} de lignes`,
      );
      await setLanguage('ar', false);
      expect([1, 2, 3, 11, 100].map((n) => say('ar', 'policies.teamCount', n))).toEqual([
        'فريق واحد',
        'فريقان',
        `${new Intl.NumberFormat('ar').format(3)} فرق`,
        `${new Intl.NumberFormat('ar').format(11)} فريقًا`,
        `${new Intl.NumberFormat('ar').format(100)} فريق`,
      ]);
      await setLanguage('pt', false);
      expect([0, 1].map((n) => say('pt', 'import.rowCount', n))).toEqual(['0 linhas', '1 linha']);
    } finally {
      await setLanguage('en', false);
    }
  });

  it('French apostrophes are all typographic (’)', () => {
    expectFrenchApostrophes(load('fr'));
  });

  it('French names a department one way, "service" as its menu does, never "département"', () => {
    // The menu and the Departments screen said "Services", the policy audience, the Stats filter
    // and the audit log "Départements".
    const values = import.meta.glob<Tree>('../values/fr.json', { eager: true, import: 'default' });
    const messages = [...load('fr'), ...flatten(values['../values/fr.json']!)];
    expect(messages.filter(([, text]) => /départements?/i.test(text)).map(([key]) => key)).toEqual([]);
    expect(load('fr').get('nav.departments')).toBe('Services');
  });

  it("a row button's accessible name contains its visible text (WCAG 2.5.3 label in name)", () => {
    const pairs = [
      ['invitations.resend', 'invitations.resendLabel'],
      ['invitations.cancel', 'invitations.cancelLabel'],
      ['joinRequests.accept', 'joinRequests.acceptLabel'],
      ['joinRequests.decline', 'joinRequests.declineLabel'],
      ['teams.removeMember', 'teams.removeMemberLabel'],
      ['join.withdraw', 'join.withdrawLabel'],
      ['timeOff.cancel', 'timeOff.cancelLabel'],
      ['timeOff.approve', 'timeOff.approveLabel'],
      ['timeOff.decline', 'timeOff.declineLabel'],
      ['peopleSettings.edit', 'peopleSettings.editLabel'],
      ['peopleSettings.delete', 'peopleSettings.deleteLabel'],
      ['certifications.record', 'certifications.recordLabel'],
      ['departments.editShort', 'departments.editLabel'],
      ['departments.moveShort', 'departments.moveLabel'],
      ['departments.deleteShort', 'departments.deleteLabel'],
    ];
    for (const lang of LANGUAGES) {
      const catalog = load(lang);
      for (const [text, label] of pairs) {
        const visible = (catalog.get(text ?? '') ?? '').toLowerCase();
        expect(catalog.get(label ?? '')?.toLowerCase(), `${lang}:${label}`).toContain(visible);
      }
    }
  });

  it('every admin key the code asks for exists, and the dynamic ones too', () => {
    const used = new Set<string>(DYNAMIC_KEYS);
    for (const text of Object.values(sourceFiles)) {
      for (const m of text.matchAll(/'admin:([\w.-]+)'/g)) used.add(m[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(150);
    // A plural message is asked for by its base key (`key`, stored as `key_one`, `key_other` …).
    expect([...used].filter((k) => !en.has(k) && !en.has(`${k}_other`)).sort()).toEqual([]);
  });

  it('the dashboard greeting is the product one', () => {
    expect(en.get('dashboard.greeting')).toBe('Hi {{name}}, How can I help you?');
  });
});
