// A journey through the payment sandbox and the database takes a few seconds; jest's 5 s
// default fails such tests on a busy machine without telling us anything. (testTimeout in a
// jest project's config is ignored, hence this file.) A file may still ask for more.
jest.setTimeout(20_000);
