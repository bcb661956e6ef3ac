// Generated bad input for every staff route (tests/support/fuzz): never a 5xx, a refusal with a
// message that writes nothing. FUZZ_RUNS sets the cases per route (100 by default).
import { fuzzSuite } from "@/tests/support/fuzz/fuzz-suite";

fuzzSuite("staff", (operation) => operation.access === "staff");
