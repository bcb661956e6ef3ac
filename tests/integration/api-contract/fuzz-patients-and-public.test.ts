// Generated bad input for every route a patient, a guest or anyone may call (tests/support/fuzz):
// never a 5xx, a refusal with a message that writes nothing. FUZZ_RUNS sets the cases per route.
import { fuzzSuite } from "@/tests/support/fuzz/fuzz-suite";

fuzzSuite("patients-and-public", (operation) => operation.access !== "staff");
