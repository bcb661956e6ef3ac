// A bad environment stops start-up with the variable's name instead of failing on the
// first request.
import { env, EnvError } from "./lib/env";

try {
  env();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
