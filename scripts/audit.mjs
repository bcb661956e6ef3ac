// `npm run audit:prod` (CI runs it before the tests): npm audit of the production
// dependencies; exit 1 on any high or critical advisory, 0 with "npm audit: NOT CHECKED" when the
// registry cannot answer advisory queries. See scripts/lib/audit-verdict.mjs.
import { spawnSync } from "node:child_process";
import { auditVerdict } from "./lib/audit-verdict.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const result = spawnSync(npm, ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 120_000 });
const { verdict, message } = auditVerdict(result.stdout);
// One line, the verdict's message (.ci/run repeats it at the end of CI's output).
console.log(message);
process.exit(verdict === "fail" ? 1 : 0);
