/**
 * The planner settings of the app's connections. random_page_cost 1.1, PostgreSQL's documented
 * value for solid-state storage (its default, 4, models spinning disks), since the clinic runs on
 * SSD-backed managed PostgreSQL with its working set cached. With 4, a year of data made the
 * prescribers' list ("Orders to prescribe", which joins a queued order's authorisation, check-in
 * and subscription) hash-join whole tables: 82 ms against 9.5 ms for the index probes it now
 * makes (EXPLAIN ANALYZE at the bench's factor 1). Set per connection, so it holds whatever the
 * server's own configuration; tests/integration/scale/hot-query-plans.test.ts plans with it too.
 * (A module of its own: the test reads it without creating the app's client.)
 */
export const APP_CONNECTION_OPTIONS = "-c random_page_cost=1.1";
