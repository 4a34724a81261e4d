-- hand-written
-- The Stats refresh finds the scopes of each row it adds up by key (a lateral look-up per row), not
-- by joining the rows to stats_member_scopes. The join was planned from the judging function's
-- default estimate (1,000 rows), so in a pooled connection's cached plan it hash-joined every stored
-- person of the company: a sequential scan of stats_member_scopes on every clock-in, approval,
-- cancellation and correction (18 of an approval UPDATE's 31 ms at 20,000 members, auto_explain).
-- A look-up per row stays one index probe for one person and linear for a bulk refresh, where
-- naming the people in the join (tried first) went quadratic on thousands of memberships at once.
-- The functions are otherwise those of migration 0028.
-- Adds (sign 1) or takes back (sign -1) the stored employment of the people `us`: each segment
-- starts following its key on its first day and stops the day after its last; joiners on the start
-- day, leavers on the end day; in every scope of the person.
CREATE OR REPLACE FUNCTION stats_spans_apply(c uuid, us uuid[], sign int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO stats_scope_spans AS s (company_id, scope_id, day, schedule_key, delta, joined, "left")
  SELECT c, sc, x.day, x.k, sign * sum(x.delta), sign * sum(x.joined), sign * sum(x.lft)
    FROM (SELECT g.user_id, g.from_day AS day, g.schedule_key AS k, 1 AS delta, 0 AS joined, 0 AS lft
            FROM stats_member_segments g WHERE g.company_id = c AND g.user_id = ANY (us)
          UNION ALL
          SELECT g.user_id, g.to_day + 1, g.schedule_key, -1, 0, 0
            FROM stats_member_segments g WHERE g.company_id = c AND g.user_id = ANY (us) AND g.to_day IS NOT NULL
          UNION ALL
          SELECT m.user_id, m.start_day, '00000000-0000-0000-0000-000000000000'::uuid, 0, 1, 0
            FROM stats_member_scopes m WHERE m.company_id = c AND m.user_id = ANY (us)
          UNION ALL
          SELECT m.user_id, m.end_day, '00000000-0000-0000-0000-000000000000'::uuid, 0, 0, 1
            FROM stats_member_scopes m WHERE m.company_id = c AND m.user_id = ANY (us) AND m.end_day IS NOT NULL) x
    CROSS JOIN LATERAL (SELECT unnest(m.scopes) AS sc FROM stats_member_scopes m
                         WHERE m.company_id = c AND m.user_id = x.user_id) y
   GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
  ON CONFLICT (company_id, scope_id, day, schedule_key) DO UPDATE
    SET delta = s.delta + EXCLUDED.delta, joined = s.joined + EXCLUDED.joined, "left" = s."left" + EXCLUDED."left"
$$;
--> statement-breakpoint
-- Re-derives the people `us` of company c: their judged days between d0 and d1 and, when `whole`,
-- their scopes (today's teams and department), employment span and schedule segments too. What they
-- added before is taken back from the stored rows, then the new contribution is added. A company
-- deleted in the same statement is skipped (its rows go with it).
--
-- Without JIT: the judging statement's estimate (a generated series of days, a subquery per day)
-- passes jit_above_cost on PostgreSQL, and compiling it took ~230 ms of a clock-in whose own work is
-- a millisecond or two.
CREATE OR REPLACE FUNCTION stats_member_refresh(c uuid, us uuid[], d0 date, d1 date, whole boolean, sums boolean DEFAULT true) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET jit = off AS $$
BEGIN
  IF us IS NULL OR cardinality(us) = 0 OR NOT EXISTS (SELECT 1 FROM companies WHERE id = c) THEN RETURN; END IF;
  -- Only for the request's own company (or the system scope, or no scope at all: the migration).
  IF NOT (app_is_system() OR app_company_id() IS NULL OR app_company_id() = c) THEN RETURN; END IF;
  IF whole THEN d0 := '-infinity'; d1 := 'infinity'; END IF;
  -- Two changes of one person queue here (a clock-in and a team change, say): the second takes back
  -- what the first committed.
  PERFORM 1 FROM stats_member_scopes WHERE company_id = c AND user_id = ANY (us) ORDER BY user_id FOR UPDATE;
  IF NOT sums THEN
    DELETE FROM stats_member_facts f WHERE f.company_id = c AND f.user_id = ANY (us) AND f.day BETWEEN d0 AND d1;
  ELSE
  WITH gone AS (
      DELETE FROM stats_member_facts f WHERE f.company_id = c AND f.user_id = ANY (us) AND f.day BETWEEN d0 AND d1 RETURNING f.*)
    INSERT INTO stats_scope_days AS s (company_id, scope_id, day, schedule_key, shard, came, present, late, worked_seconds, overtime_seconds, away)
    SELECT c, sc, g.day, g.schedule_key, stats_shard(g.user_id, g.day),
           -count(*) FILTER (WHERE g.came), -count(*) FILTER (WHERE g.present), -count(*) FILTER (WHERE g.late),
           -sum(g.worked_seconds), -sum(g.overtime_seconds), -count(*) FILTER (WHERE g.away)
      FROM gone g CROSS JOIN LATERAL (SELECT unnest(m.scopes) AS sc FROM stats_member_scopes m
                                       WHERE m.company_id = c AND m.user_id = g.user_id) x
     GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
    ON CONFLICT (company_id, scope_id, day, schedule_key, shard) DO UPDATE
      SET came = s.came + EXCLUDED.came, present = s.present + EXCLUDED.present, late = s.late + EXCLUDED.late,
          worked_seconds = s.worked_seconds + EXCLUDED.worked_seconds,
          overtime_seconds = s.overtime_seconds + EXCLUDED.overtime_seconds, away = s.away + EXCLUDED.away;
  END IF;
  IF whole THEN
    IF sums THEN PERFORM stats_spans_apply(c, us, -1); END IF;
    DELETE FROM stats_member_segments WHERE company_id = c AND user_id = ANY (us);
    DELETE FROM stats_member_scopes WHERE company_id = c AND user_id = ANY (us);
    INSERT INTO stats_member_scopes (company_id, user_id, scopes, start_day, end_day)
    SELECT c, m.user_id,
           ARRAY['00000000-0000-0000-0000-000000000000'::uuid]
             || coalesce((SELECT array_agg(tm.team_id ORDER BY tm.team_id) FROM team_members tm
                           WHERE tm.company_id = c AND tm.user_id = m.user_id), '{}'::uuid[])
             || CASE WHEN e.department_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[e.department_id]
                  || coalesce((SELECT array_agg(stats_pair_scope(tm.team_id, e.department_id) ORDER BY tm.team_id) FROM team_members tm
                                WHERE tm.company_id = c AND tm.user_id = m.user_id), '{}'::uuid[]) END,
           coalesce(e.start_date, (m.created_at AT TIME ZONE co.time_zone)::date), e.end_date
      FROM memberships m JOIN companies co ON co.id = m.company_id
      LEFT JOIN employees e ON e.company_id = m.company_id AND e.user_id = m.user_id
     WHERE m.company_id = c AND m.user_id = ANY (us);
    INSERT INTO stats_member_segments (company_id, user_id, from_day, to_day, schedule_key)
    SELECT c, b.user_id, b.day, coalesce(lead(b.day) OVER w - 1, b.end_day), b.k
      FROM (SELECT m.user_id, m.start_day AS day, m.end_day,
                   coalesce((SELECT a.schedule_id FROM schedule_assignments a
                              WHERE a.company_id = c AND a.user_id = m.user_id AND a.effective_from <= m.start_day
                              ORDER BY a.effective_from DESC LIMIT 1), '00000000-0000-0000-0000-000000000000'::uuid) AS k
              FROM stats_member_scopes m
             WHERE m.company_id = c AND m.user_id = ANY (us) AND (m.end_day IS NULL OR m.end_day >= m.start_day)
            UNION ALL
            SELECT m.user_id, a.effective_from, m.end_day, a.schedule_id
              FROM stats_member_scopes m JOIN schedule_assignments a ON a.company_id = c AND a.user_id = m.user_id
             WHERE m.company_id = c AND m.user_id = ANY (us) AND a.effective_from > m.start_day
               AND (m.end_day IS NULL OR a.effective_from <= m.end_day)) b
    WINDOW w AS (PARTITION BY b.user_id ORDER BY b.day);
    IF sums THEN PERFORM stats_spans_apply(c, us, 1); END IF;
  END IF;
  IF NOT sums THEN
    INSERT INTO stats_member_facts (company_id, user_id, day, schedule_key, came, present, late, worked_seconds, overtime_seconds, away)
    SELECT c, j.* FROM stats_judge(c, us, d0, d1) j;
    RETURN;
  END IF;
  WITH fresh AS (
    INSERT INTO stats_member_facts (company_id, user_id, day, schedule_key, came, present, late, worked_seconds, overtime_seconds, away)
    SELECT c, j.* FROM stats_judge(c, us, d0, d1) j
    RETURNING *)
  INSERT INTO stats_scope_days AS s (company_id, scope_id, day, schedule_key, shard, came, present, late, worked_seconds, overtime_seconds, away)
  SELECT c, sc, g.day, g.schedule_key, stats_shard(g.user_id, g.day),
         count(*) FILTER (WHERE g.came), count(*) FILTER (WHERE g.present), count(*) FILTER (WHERE g.late),
         sum(g.worked_seconds), sum(g.overtime_seconds), count(*) FILTER (WHERE g.away)
    FROM fresh g CROSS JOIN LATERAL (SELECT unnest(m.scopes) AS sc FROM stats_member_scopes m
                                     WHERE m.company_id = c AND m.user_id = g.user_id) x
   GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
  ON CONFLICT (company_id, scope_id, day, schedule_key, shard) DO UPDATE
    SET came = s.came + EXCLUDED.came, present = s.present + EXCLUDED.present, late = s.late + EXCLUDED.late,
        worked_seconds = s.worked_seconds + EXCLUDED.worked_seconds,
        overtime_seconds = s.overtime_seconds + EXCLUDED.overtime_seconds, away = s.away + EXCLUDED.away;
END $$;
