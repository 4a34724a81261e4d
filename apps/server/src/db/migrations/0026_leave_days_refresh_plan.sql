-- The leave-days refresh (migration 0021) runs on every approval, cancellation and edit of time
-- off. Its statements are planned generically (the request's plan_cache_mode), and a span of days
-- from generate_series over the arrays' dates has no estimate (1,000 rows assumed): the planner
-- hash-joined every approved request of the company for a one-day request. 6.5 ms of the
-- approval's 7 at 100,000 people with 2,772 approved requests, growing with the company's history;
-- sampled under ten concurrent approvals, most of their database time was there. Nested loops on
-- the requests' (company, user, start) index: 1.7 ms. The setting holds for the function's
-- statements only.
ALTER FUNCTION attendance_leave_days_refresh(uuid[], uuid[], date[], date[]) SET enable_hashjoin = off;
--> statement-breakpoint
ALTER FUNCTION attendance_leave_days_refresh(uuid[], uuid[], date[], date[]) SET enable_mergejoin = off;
