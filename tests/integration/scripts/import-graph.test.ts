import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The import-graph rules of `npm run lint` (.dependency-cruiser.cjs), run over a small tree
// laid out like ours: a clean tree passes, and each kind of back-import fails by its rule.
const ROOT = process.cwd();
const CLI = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const FOLDER_PAIRS = path.join(ROOT, "scripts/shape-report.mjs");

/** Lays the files out in a scratch folder and runs the two checks of `npm run lint` over it. */
function cruise(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-graph-"));
  try {
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] }, jsx: "preserve" } }));
    for (const [file, source] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), source);
    }
    const rules = spawnSync(process.execPath, [CLI, "--config", path.join(ROOT, ".dependency-cruiser.cjs"), "app", "components", "lib"], { cwd: dir, encoding: "utf8" });
    const pairs = spawnSync(process.execPath, [FOLDER_PAIRS, "--check"], { cwd: dir, encoding: "utf8" });
    return { status: rules.status, output: `${rules.stdout}${rules.stderr}`, pairs: { status: pairs.status, output: `${pairs.stdout}${pairs.stderr}` } };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const cleanTree: Record<string, string> = {
  "lib/server/core/errors/app-error.ts": "export class AppError extends Error {}\n",
  "lib/server/core/actor/types.ts": "export type Actor = { id: string };\n",
  "lib/server/services/payments/open-checkout.ts": 'import { AppError } from "@/lib/server/core/errors/app-error";\nexport const openCheckout = () => new AppError();\n',
  "lib/server/booking/start-booking.ts": 'import { openCheckout } from "@/lib/server/services/payments/open-checkout";\nimport type { Actor } from "@/lib/server/core/actor/types";\nexport const startBooking = (actor: Actor) => [actor, openCheckout()];\n',
  "lib/server/orders/start-order.ts": 'import { startBooking } from "@/lib/server/booking/start-booking";\nexport const startOrder = () => startBooking({ id: "a" });\n',
  "components/booking/slot.tsx": "export const Slot = () => null;\n",
  "app/consultation/page.tsx": 'import { Slot } from "@/components/booking/slot";\nimport { startBooking } from "@/lib/server/booking/start-booking";\nexport default function Page() { return [Slot, startBooking]; }\n',
};

describe("the import-graph check (npm run lint)", () => {
  it("passes a tree whose folders depend one way", () => {
    const result = cruise(cleanTree);
    expect(result.output).toContain("no dependency violations found");
    expect(result.status).toBe(0);
    expect(result.pairs.output).toContain("No two-way folder pairs.");
    expect(result.pairs.status).toBe(0);
  });

  it("fails on a parent folder and its sub-folder that import each other (the folder-pair check)", () => {
    const result = cruise({
      ...cleanTree,
      "lib/server/orders/review/claim-order.ts": 'import { startOrder } from "@/lib/server/orders/start-order";\nexport const claimOrder = startOrder;\n',
      "lib/server/orders/order-queue.ts": 'import { claimOrder } from "@/lib/server/orders/review/claim-order";\nexport const queue = claimOrder;\n',
    });
    expect(result.pairs.status).toBe(1);
    expect(result.pairs.output).toContain("two-way folder pair: lib/server/orders ⇄ lib/server/orders/review");
  });

  it("fails on a back-import that makes two domains need each other", () => {
    const result = cruise({ ...cleanTree, "lib/server/booking/order-link.ts": 'import { startOrder } from "@/lib/server/orders/start-order";\nexport const link = startOrder;\n' });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("no-folder-cycle");
    expect(result.pairs.output).toContain("two-way folder pair: lib/server/booking ⇄ lib/server/orders");
  });

  it("fails when a service imports a domain it serves, or the kernel imports a domain", () => {
    const result = cruise({
      ...cleanTree,
      "lib/server/services/payments/booking-view.ts": 'import { startBooking } from "@/lib/server/booking/start-booking";\nexport const view = startBooking;\n',
      "lib/server/core/actor/owner.ts": 'import { startOrder } from "@/lib/server/orders/start-order";\nexport const owner = startOrder;\n',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("services-import-no-domain: lib/server/services/payments/booking-view.ts");
    expect(result.output).toContain("kernel-imports-no-domain: lib/server/core/actor/owner.ts");
  });

  it("classifies a new folder by where it is made: one made under core/ or services/ may import no domain", () => {
    const result = cruise({
      ...cleanTree,
      "lib/server/core/clock/today.ts": 'import { startOrder } from "@/lib/server/orders/start-order";\nexport const today = startOrder;\n',
      "lib/server/services/sms/send-sms.ts": 'import { startBooking } from "@/lib/server/booking/start-booking";\nexport const sendSms = startBooking;\n',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("kernel-imports-no-domain: lib/server/core/clock/today.ts");
    expect(result.output).toContain("services-import-no-domain: lib/server/services/sms/send-sms.ts");
  });

  it("fails when a component imports a route's file, or lib imports the UI or the tooling", () => {
    const result = cruise({
      ...cleanTree,
      "app/consultation/_components/use-slots.ts": "export const useSlots = () => [];\n",
      "components/booking/form.tsx": 'import { useSlots } from "@/app/consultation/_components/use-slots";\nexport const Form = useSlots;\n',
      "tests/factories/user.ts": "export const makeUser = () => ({});\n",
      "lib/server/orders/seed.ts": 'import { makeUser } from "@/tests/factories/user";\nimport { Slot } from "@/components/booking/slot";\nexport const seed = [makeUser, Slot];\n',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("components-not-app: components/booking/form.tsx");
    expect(result.output).toContain("product-not-tooling: lib/server/orders/seed.ts");
    expect(result.output).toContain("lib-not-ui: lib/server/orders/seed.ts");
    expect(result.pairs.output).toContain("two-way folder pair: app ⇄ components");
  });
});
