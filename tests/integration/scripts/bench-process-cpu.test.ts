// The cost step (bench/scale/cost.mjs) charges each purchase journey with the server's CPU
// time read from /proc (bench/scale/process-cpu.mjs): it must agree with the process's own
// account of its CPU, and count a child's CPU while the child runs and after it was reaped.
import { spawn } from "node:child_process";
import { processCpuMs, processTreeCpuMs } from "@/bench/scale/process-cpu.mjs";

/** Burns at least `ms` of this process's CPU time (not wall time: the machine may be busy). */
function burn(ms: number) {
  const start = process.cpuUsage();
  let x = 0;
  for (;;) {
    for (let i = 0; i < 100_000; i += 1) x += Math.sqrt(i);
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return x;
  }
}

describe("the bench's CPU time from /proc", () => {
  it("agrees with process.cpuUsage() for this process, to /proc's 10 ms ticks", () => {
    const before = processTreeCpuMs(process.pid);
    const start = process.cpuUsage();
    burn(300);
    const used = process.cpuUsage(start);
    const measured = processTreeCpuMs(process.pid) - before;
    expect(measured).toBeGreaterThanOrEqual((used.user + used.system) / 1000 - 30);
    expect(measured).toBeLessThanOrEqual((used.user + used.system) / 1000 + 60);
  });

  it("counts a child's CPU in the tree while it runs, and in the parent once reaped", async () => {
    // The child burns 400 ms of its own CPU, says so, and waits for its stdin to close.
    const child = spawn(
      process.execPath,
      ["-e", "const s=process.cpuUsage();let x=0;for(;;){for(let i=0;i<1e5;i++)x+=Math.sqrt(i);const u=process.cpuUsage(s);if((u.user+u.system)/1000>=400)break}process.stdout.write('burnt');process.stdin.resume();process.stdin.on('end',()=>process.exit(0))"],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    const ownBefore = processCpuMs(process.pid)!;
    const treeBefore = processTreeCpuMs(process.pid);
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    expect(processTreeCpuMs(process.pid) - treeBefore).toBeGreaterThanOrEqual(400 - 20);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.stdin.end();
    await exited;
    expect(processCpuMs(process.pid)! - ownBefore).toBeGreaterThanOrEqual(400 - 20);
  });

  it("refuses a process that is gone rather than report nothing", () => {
    expect(() => processTreeCpuMs(2 ** 22 + 12345)).toThrow(/gone/);
  });
});
