import { createHash } from 'node:crypto';

/**
 * The benchmark dataset, described once and generated in SQL by the database itself, so the
 * same statements load PostgreSQL (1M users) and PGlite (10k users) without a row crossing the wire.
 *
 * Ids are derived from a row number (the md5 of 'u' || n, stamped as a version-4 UUID): random
 * like real v4 ids, so the indexes behave as in production, yet any script can name "user n" or
 * "company n" without a lookup table.
 */

export interface Scale {
  users: number;
  companies: number;
  /** Members of company 1 ("bigco"); every other user belongs to one of the other companies. */
  bigcoMembers: number;
}

export const FULL_SCALE: Scale = { users: 1_000_000, companies: 1_000, bigcoMembers: 100_000 };
export const EMBEDDED_SCALE: Scale = { users: 10_000, companies: 10, bigcoMembers: 1_000 };

/** Every seeded user signs in with this password (one precomputed Argon2id hash is shared). */
export const BENCH_PASSWORD = 'Bench-Password-1';
export const BIGCO = 'bigco';
/** Users 1..BIGCO_ADMINS are admins of bigco; user 1 is the one the benchmark signs in as. */
export const BIGCO_ADMINS = 5;
export const BENCH_ADMIN_EMAIL = 'bench.admin@bigco.example.com';
export const SUPER_ADMIN_EMAIL = 'bench.super@platform.example.com';
/** Users 1..MULTI_COMPANY_USERS also belong to EXTRA_PROFILES other companies (profiles endpoint). */
export const MULTI_COMPANY_USERS = 1_000;
export const EXTRA_PROFILES = 3;

export const userId = (n: number) => md5Uuid(`u${n}`);
export const companyId = (n: number) => md5Uuid(`c${n}`);

/** Same value as the SQL function pg_temp.bench_uuid below (version and variant nibbles set, as zod's uuid() requires). */
function md5Uuid(s: string): string {
  const h = createHash('md5').update(s).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
}

const UUID_FUNCTION = `
CREATE FUNCTION pg_temp.bench_uuid(text) RETURNS uuid LANGUAGE sql IMMUTABLE AS
  $$ SELECT (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid FROM (SELECT md5($1) AS h) AS s $$`;

const FIRST_NAMES = [
  'Aaliyah',
  'Aarav',
  'Abigail',
  'Adam',
  'Adrian',
  'Ahmed',
  'Aiko',
  'Alejandro',
  'Alexander',
  'Alice',
  'Amara',
  'Amelia',
  'Ana',
  'Andrea',
  'Andrew',
  'Anna',
  'Anton',
  'Arjun',
  'Astrid',
  'Ava',
  'Beatriz',
  'Benjamin',
  'Bianca',
  'Boris',
  'Camila',
  'Carlos',
  'Caroline',
  'Charlotte',
  'Chen',
  'Chloe',
  'Christian',
  'Clara',
  'Daniel',
  'David',
  'Diego',
  'Dmitri',
  'Elena',
  'Elias',
  'Elif',
  'Elizabeth',
  'Emil',
  'Emily',
  'Emma',
  'Ethan',
  'Fatima',
  'Felix',
  'Fernanda',
  'Finn',
  'Francesca',
  'Gabriel',
  'Giulia',
  'Grace',
  'Hana',
  'Hannah',
  'Hassan',
  'Henry',
  'Hiroshi',
  'Ibrahim',
  'Ingrid',
  'Isabella',
  'Ivan',
  'Jack',
  'James',
  'Jana',
  'Javier',
  'Jonas',
  'Jose',
  'Julia',
  'Kai',
  'Karim',
  'Katarina',
  'Kenji',
  'Laila',
  'Lars',
  'Laura',
  'Leila',
  'Leon',
  'Liam',
  'Lina',
  'Lucas',
  'Lucia',
  'Luis',
  'Maja',
  'Marco',
  'Maria',
  'Mateo',
  'Matilda',
  'Maximilian',
  'Maya',
  'Mehmet',
  'Mia',
  'Mohammed',
  'Nadia',
  'Naomi',
  'Nikolai',
  'Noah',
  'Nora',
  'Olivia',
  'Omar',
  'Oscar',
  'Paula',
  'Pedro',
  'Priya',
  'Rafael',
  'Rania',
  'Ravi',
  'Rosa',
  'Ruben',
  'Sakura',
  'Samuel',
  'Sara',
  'Sebastian',
  'Sofia',
  'Sophie',
  'Stefan',
  'Svenja',
  'Tariq',
  'Thomas',
  'Tomas',
  'Valentina',
  'Victor',
  'Wei',
  'William',
  'Yara',
  'Yusuf',
  'Zainab',
  'Zoe',
];
const LAST_NAMES = [
  'Abe',
  'Adeyemi',
  'Ahmed',
  'Alvarez',
  'Andersen',
  'Anderson',
  'Bauer',
  'Becker',
  'Bennett',
  'Bernard',
  'Bianchi',
  'Brown',
  'Carvalho',
  'Castillo',
  'Chen',
  'Clarke',
  'Colombo',
  'Costa',
  'Cruz',
  'Da Silva',
  'Dubois',
  'Eriksson',
  'Esposito',
  'Evans',
  'Fernandez',
  'Ferrari',
  'Fischer',
  'Fontaine',
  'Garcia',
  'Gomez',
  'Gonzalez',
  'Gruber',
  'Haddad',
  'Hansen',
  'Hoffmann',
  'Hughes',
  'Ibrahim',
  'Ito',
  'Jansen',
  'Johansson',
  'Johnson',
  'Jones',
  'Kaya',
  'Khan',
  'Kim',
  'Koch',
  'Kowalski',
  'Kumar',
  'Lambert',
  'Larsen',
  'Laurent',
  'Lee',
  'Lehmann',
  'Lopez',
  'Martin',
  'Martinez',
  'Meyer',
  'Moreau',
  'Morales',
  'Moreno',
  'Muller',
  'Murphy',
  'Nakamura',
  'Nguyen',
  'Nielsen',
  'Novak',
  'Nowak',
  "O'Brien",
  'Okafor',
  'Oliveira',
  'Ortiz',
  'Patel',
  'Pereira',
  'Perez',
  'Petrov',
  'Popescu',
  'Ramirez',
  'Richter',
  'Rivera',
  'Romano',
  'Rossi',
  'Sanchez',
  'Santos',
  'Sato',
  'Schmidt',
  'Schneider',
  'Schulz',
  'Silva',
  'Singh',
  'Smith',
  'Sousa',
  'Suzuki',
  'Tanaka',
  'Taylor',
  'Thompson',
  'Torres',
  'Van Dijk',
  'Vasquez',
  'Wagner',
  'Walker',
  'Wang',
  'Weber',
  'Williams',
  'Wilson',
  'Wolf',
  'Yamamoto',
  'Yilmaz',
  'Zhang',
  'Zimmermann',
];
const COMPANY_WORDS_A = [
  'Blue',
  'Bright',
  'Cedar',
  'Clear',
  'Coastal',
  'Crimson',
  'Golden',
  'Granite',
  'Green',
  'Harbor',
  'Iron',
  'Maple',
  'North',
  'Nova',
  'Oak',
  'Pacific',
  'Pine',
  'Quantum',
  'Red',
  'Silver',
  'Summit',
];
const COMPANY_WORDS_B = [
  'Analytics',
  'Bakery',
  'Builders',
  'Consulting',
  'Dental',
  'Design',
  'Energy',
  'Foods',
  'Health',
  'Labs',
  'Logistics',
  'Media',
  'Motors',
  'Partners',
  'Robotics',
  'Software',
  'Studios',
  'Systems',
];
const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example.com', 'corp.example.com'];

const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(',')}]::text[]`;
/** A stable pseudo-random pick from a list, so names are spread but the dataset is reproducible. */
const pick = (list: string, len: number, seedExpr: string) =>
  `(${list})[1 + ((hashint4(${seedExpr}) & 2147483647) % ${len})]`;

/**
 * The load statements, in order. Expects an empty, migrated schema and a session allowed to
 * bypass RLS (the superuser loads data; the app role is what the benchmark later exercises).
 */
export interface SeedStatement {
  label: string;
  sql: string;
  /**
   * Memberships fire their triggers: the schema may derive columns from the user (the members
   * listing keeps a copy of name and email), and the benchmark must see the rows the app would
   * have written. Other tables skip triggers (only FK checks there, valid by construction).
   */
  fireTriggers?: boolean;
}

export function seedStatements(scale: Scale, passwordHash: string): SeedStatement[] {
  const { users: U, companies: C, bigcoMembers: B } = scale;
  if (B > U || C < 5) throw new Error('need bigcoMembers <= users and at least 5 companies');
  const first = sqlArray(FIRST_NAMES);
  const last = sqlArray(LAST_NAMES);
  const domains = sqlArray(DOMAINS);
  const others = C - 1;
  const hash = passwordHash.replaceAll("'", "''");
  return [
    { label: 'id function', sql: UUID_FUNCTION },
    {
      label: 'companies',
      sql: `
INSERT INTO companies (id, name, title, sub_domain, plan, created_at, updated_at)
SELECT pg_temp.bench_uuid('c' || n),
       CASE WHEN n = 1 THEN 'BigCo Industries'
            ELSE ${pick(sqlArray(COMPANY_WORDS_A), COMPANY_WORDS_A.length, 'n')} || ' '
              || ${pick(sqlArray(COMPANY_WORDS_B), COMPANY_WORDS_B.length, 'n + 17')} || ' ' || n END,
       NULL,
       CASE WHEN n = 1 THEN '${BIGCO}' ELSE 'company-' || n END,
       'pro-plan-monthly',
       now() - make_interval(days => ${C} - n), now()
FROM generate_series(1, ${C}) AS n`,
    },
    {
      label: 'users',
      // first/last chosen by independent hashes: ~16k name pairs, each shared by many users,
      // like a real directory (a search for "ander" hits Andersen, Anderson, Alexander…).
      sql: `
INSERT INTO users (id, email, password_hash, first_name, last_name, language, roles, created_at, updated_at)
SELECT pg_temp.bench_uuid('u' || n),
       CASE WHEN n = 1 THEN '${BENCH_ADMIN_EMAIL}'
            WHEN n = ${U} THEN '${SUPER_ADMIN_EMAIL}'
            ELSE lower(replace(replace(f, ' ', ''), '''', '')) || '.' || lower(replace(replace(l, ' ', ''), '''', ''))
                 || n || '@' || ${pick(domains, DOMAINS.length, 'n + 3')} END,
       '${hash}', f, l,
       (ARRAY['en','de','fr','pt','ar'])[1 + n % 5],
       CASE WHEN n = ${U} THEN '{super_admin,super_admin_write}'::text[] ELSE '{}'::text[] END,
       now() - make_interval(secs => ${U} - n), now()
FROM (SELECT n, ${pick(first, FIRST_NAMES.length, 'n')} AS f, ${pick(last, LAST_NAMES.length, 'n + 1000003')} AS l
      FROM generate_series(1, ${U}) AS n) AS g`,
    },
    {
      label: 'memberships (bigco)',
      fireTriggers: true,
      sql: `
INSERT INTO memberships (company_id, user_id, roles, enabled, created_at, updated_at)
SELECT pg_temp.bench_uuid('c1'), pg_temp.bench_uuid('u' || n),
       CASE WHEN n <= ${BIGCO_ADMINS} THEN '{admin,member}'::text[] ELSE '{member}'::text[] END,
       n % 20 <> 0,
       now() - make_interval(secs => ${B} - n), now()
FROM generate_series(1, ${B}) AS n`,
    },
    {
      label: 'memberships (other companies)',
      fireTriggers: true,
      // The first user landing in each company is its admin.
      sql: `
INSERT INTO memberships (company_id, user_id, roles, enabled, created_at, updated_at)
SELECT pg_temp.bench_uuid('c' || (2 + n % ${others})), pg_temp.bench_uuid('u' || n),
       CASE WHEN n <= ${B} + ${others} THEN '{admin,member}'::text[] ELSE '{member}'::text[] END,
       n % 20 <> 0,
       now() - make_interval(secs => ${U} - n), now()
FROM generate_series(${B + 1}, ${U}) AS n`,
    },
    {
      label: 'memberships (multi-company users)',
      fireTriggers: true,
      sql: `
INSERT INTO memberships (company_id, user_id, roles, enabled, created_at, updated_at)
SELECT pg_temp.bench_uuid('c' || (2 + (n + k * 97) % ${others})), pg_temp.bench_uuid('u' || n), '{member}'::text[], true,
       now() - make_interval(secs => ${B} - n) + make_interval(secs => k + 1), now()
FROM generate_series(1, ${Math.min(MULTI_COMPANY_USERS, B)}) AS n, generate_series(0, ${EXTRA_PROFILES - 1}) AS k`,
    },
  ];
}

/** Indexes (not constraints) on the bulk tables: dropped before the load and rebuilt after, which is far faster. */
export const BULK_TABLES = ['users', 'memberships', 'member_search'];
export const DROPPABLE_INDEXES_SQL = `
SELECT i.indexname, i.indexdef
FROM pg_indexes i
WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.indexname))::regclass)`;
