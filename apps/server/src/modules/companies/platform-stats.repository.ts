import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { iso, rows, intLiteral } from '../../lib/sql';

/** Every figure of the platform screen in one round trip; member counts from the trigger-kept member_stats. */
export async function platformStats(tx: Tx, weeks: number, trialDays: number, trialLimit: number) {
  const [r] = await rows<{
    companies: number;
    enabled: number;
    on_trial: number;
    active_members: number;
    users: number;
    signups: Array<{ week_start: string; users: number }>;
    trials: Array<{ id: string; name: string; sub_domain: string; trial_ends_at: string }> | null;
  }>(
    tx,
    sql`WITH ws AS (
          SELECT (date_trunc('week', now() AT TIME ZONE 'UTC') - make_interval(weeks => g))::date AS week_start
            FROM generate_series(0, ${weeks - 1}::int) g
        )
        SELECT (SELECT count(*) FROM companies)::int AS companies,
               (SELECT count(*) FROM companies WHERE enabled)::int AS enabled,
               (SELECT count(*) FROM companies WHERE enabled AND trial_ends_at > now())::int AS on_trial,
               (SELECT coalesce(sum(s.n), 0) FROM member_stats s JOIN companies c ON c.id = s.company_id
                 WHERE s.role = '' AND s.enabled AND c.enabled)::int AS active_members,
               (SELECT count(*) FROM users)::int AS users,
               (SELECT json_agg(json_build_object('week_start', to_char(ws.week_start, 'YYYY-MM-DD'), 'users', (
                         SELECT count(*) FROM users u
                          WHERE u.created_at >= ws.week_start::timestamp AT TIME ZONE 'UTC'
                            AND u.created_at < (ws.week_start + 7)::timestamp AT TIME ZONE 'UTC'))
                       ORDER BY ws.week_start) FROM ws) AS signups,
               (SELECT json_agg(t ORDER BY t.trial_ends_at, t.id) FROM (
                  SELECT id, name, sub_domain, trial_ends_at FROM companies
                   WHERE enabled AND trial_ends_at > now() AND trial_ends_at <= now() + make_interval(days => ${trialDays}::int)
                   ORDER BY trial_ends_at, id LIMIT ${intLiteral(trialLimit)}) t) AS trials`,
  );
  return {
    companies: { total: r!.companies, enabled: r!.enabled, onTrial: r!.on_trial },
    activeMembers: r!.active_members,
    users: r!.users,
    signups: r!.signups.map((s) => ({ weekStart: s.week_start, users: Number(s.users) })),
    trialsEndingSoon: (r!.trials ?? []).map((c) => ({
      uuid: c.id,
      name: c.name,
      subDomain: c.sub_domain,
      trialEndsAt: iso(c.trial_ends_at) as string,
    })),
  };
}
