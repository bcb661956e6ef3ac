/**
 * The planner settings of the app's connections. No parallel query
 * (max_parallel_workers_per_gather 0): every statement the app runs is an index-backed page,
 * count or write, and under concurrent requests a worker process started for one of them competes
 * with the other requests for the same cores. At the bench's factor 1, with its 10 connections
 * running, the prescribers' queue count took 12–14 ms with a parallel worker and 5.5 ms without.
 * random_page_cost 1.1, PostgreSQL's documented
 * value for solid-state storage (its default, 4, models spinning disks), since the clinic runs on
 * SSD-backed managed PostgreSQL with its working set cached. With 4, a year of data made the
 * prescribers' list ("Orders to prescribe", which joins a queued order's authorisation, check-in
 * and subscription) hash-join whole tables: 82 ms against 9.5 ms for the index probes it now
 * makes (EXPLAIN ANALYZE at the bench's factor 1). Set per connection, so it holds whatever the
 * server's own configuration; tests/integration/scale/hot-query-plans.test.ts plans with it too.
 * (A module of its own: the test reads it without creating the app's client.)
 */
export const APP_CONNECTION_OPTIONS = "-c random_page_cost=1.1 -c max_parallel_workers_per_gather=0";
