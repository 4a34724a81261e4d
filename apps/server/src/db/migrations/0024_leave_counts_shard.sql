ALTER TABLE "attendance_board_leave_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_board_leave_counts" DROP CONSTRAINT "attendance_board_leave_counts_pkey";
--> statement-breakpoint
ALTER TABLE "attendance_board_leave_counts" ADD CONSTRAINT "attendance_board_leave_counts_pkey" PRIMARY KEY("company_id","day","schedule_key","in_minute","shard");--> statement-breakpoint
-- hand-written
-- The leave corrections in shards of the user id, like attendance_board_counts (migration 0018):
-- approvals of the same day in one company updated one row each, held to commit, so they queued on
-- it (the bench's ten concurrent approvals of June days waited on each other there). The board sums
-- a day's rows per key, so it reads the shards as it read the single row. The shard takes other bits
-- of the hash than the counts' shard (its low four): a day chosen by those bits (as the bench chooses
-- its pending requests' dates) would otherwise put all of a day's approvals on one shard again.
CREATE OR REPLACE FUNCTION attendance_board_leave_counts_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO attendance_board_leave_counts AS b (company_id, day, schedule_key, in_minute, shard, n)
    SELECT company_id, day, board_schedule, coalesce(attendance_board_minute(first_in), 'infinity'),
           ((hashtext(user_id::text) >> 8) & 15)::smallint, count(*)::int
      FROM new_rows x WHERE board_schedule IS NOT NULL AND (first_in IS NULL OR half IS DISTINCT FROM 'afternoon')
       AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, day, schedule_key, in_minute, shard) DO UPDATE SET n = b.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO attendance_board_leave_counts AS b (company_id, day, schedule_key, in_minute, shard, n)
    SELECT company_id, day, board_schedule, coalesce(attendance_board_minute(first_in), 'infinity'),
           ((hashtext(user_id::text) >> 8) & 15)::smallint, -count(*)::int
      FROM old_rows x WHERE board_schedule IS NOT NULL AND (first_in IS NULL OR half IS DISTINCT FROM 'afternoon')
       AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, day, schedule_key, in_minute, shard) DO UPDATE SET n = b.n + EXCLUDED.n;
  ELSE
    INSERT INTO attendance_board_leave_counts AS b (company_id, day, schedule_key, in_minute, shard, n)
    SELECT company_id, day, k, m, s, sum(d)::int
      FROM (SELECT company_id, day, board_schedule k, coalesce(attendance_board_minute(first_in), 'infinity') m,
                   ((hashtext(user_id::text) >> 8) & 15)::smallint s, 1 d
              FROM new_rows WHERE board_schedule IS NOT NULL AND (first_in IS NULL OR half IS DISTINCT FROM 'afternoon')
            UNION ALL
            SELECT company_id, day, board_schedule, coalesce(attendance_board_minute(first_in), 'infinity'),
                   ((hashtext(user_id::text) >> 8) & 15)::smallint, -1
              FROM old_rows WHERE board_schedule IS NOT NULL AND (first_in IS NULL OR half IS DISTINCT FROM 'afternoon')) x
     WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, day, schedule_key, in_minute, shard) DO UPDATE SET n = b.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What exists, written again in shards from its source.
DELETE FROM attendance_board_leave_counts;
--> statement-breakpoint
INSERT INTO attendance_board_leave_counts (company_id, day, schedule_key, in_minute, shard, n)
SELECT company_id, day, board_schedule, coalesce(attendance_board_minute(first_in), 'infinity'),
       ((hashtext(user_id::text) >> 8) & 15)::smallint, count(*)::int
  FROM attendance_leave_days
 WHERE board_schedule IS NOT NULL AND (first_in IS NULL OR half IS DISTINCT FROM 'afternoon')
 GROUP BY 1, 2, 3, 4, 5;
