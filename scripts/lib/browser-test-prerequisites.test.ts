import { browserTestTools, missingTools, prerequisitesPlan } from "./browser-test-prerequisites.mjs";

const present = (...paths: string[]) => (candidate: string) => paths.includes(candidate);
const missingOn = (env: Record<string, string | undefined>, ...installed: string[]) => missingTools(browserTestTools(env), present(...installed));

describe("missingTools", () => {
  it("finds nothing missing where Debian's chromium and nginx are installed", () => {
    expect(missingOn({}, "/usr/bin/chromium", "/usr/sbin/nginx")).toEqual([]);
  });

  it("names each tool whose every place is empty", () => {
    expect(missingOn({}).map((tool) => tool.package)).toEqual(["chromium", "nginx"]);
    expect(missingOn({}, "/usr/sbin/nginx").map((tool) => tool.package)).toEqual(["chromium"]);
    expect(missingOn({}, "/usr/bin/chromium", "/usr/bin/nginx")).toEqual([]);
  });

  it("looks for Chromium only at CHROMIUM_PATH when it is set, as Playwright does", () => {
    expect(missingOn({ CHROMIUM_PATH: "/opt/chromium" }, "/usr/bin/chromium", "/usr/sbin/nginx").map((tool) => tool.package)).toEqual(["chromium"]);
    expect(missingOn({ CHROMIUM_PATH: "/opt/chromium" }, "/opt/chromium", "/usr/sbin/nginx")).toEqual([]);
  });

  it("takes nginx at NGINX_PATH, else from Debian's places, as the cluster does", () => {
    expect(missingOn({ NGINX_PATH: "/opt/nginx" }, "/usr/bin/chromium", "/opt/nginx")).toEqual([]);
    expect(missingOn({ NGINX_PATH: "/opt/nginx" }, "/usr/bin/chromium", "/usr/sbin/nginx")).toEqual([]);
  });
});

describe("prerequisitesPlan", () => {
  it("does nothing when nothing is missing", () => {
    expect(prerequisitesPlan({ missing: [], isRoot: false, hasAptGet: false })).toEqual({ action: "none" });
  });

  it("installs exactly the missing packages, non-interactively, as root with apt-get", () => {
    const plan = prerequisitesPlan({ missing: missingOn({}, "/usr/sbin/nginx"), isRoot: true, hasAptGet: true });
    expect(plan).toEqual({
      action: "install",
      packages: ["chromium"],
      commands: [
        { command: "apt-get", args: ["update", "-qq"], env: { DEBIAN_FRONTEND: "noninteractive" } },
        { command: "apt-get", args: ["install", "-y", "-qq", "chromium"], env: { DEBIAN_FRONTEND: "noninteractive" } },
      ],
    });
    const both = prerequisitesPlan({ missing: missingOn({}), isRoot: true, hasAptGet: true });
    expect(both.action === "install" && both.commands[1]!.args).toEqual(["install", "-y", "-qq", "chromium", "nginx"]);
  });

  it("stops without root, naming the sudo command for the missing packages only", () => {
    expect(prerequisitesPlan({ missing: missingOn({}, "/usr/bin/chromium"), isRoot: false, hasAptGet: true })).toEqual({
      action: "stop",
      message: "The browser tests need Debian's nginx: run `sudo apt-get update && sudo apt-get install -y nginx`, then npm test again.",
    });
    const both = prerequisitesPlan({ missing: missingOn({}), isRoot: false, hasAptGet: true });
    expect(both.action === "stop" && both.message).toContain("`sudo apt-get update && sudo apt-get install -y chromium nginx`");
  });

  it("stops without apt-get, naming the variables that point at another install", () => {
    expect(prerequisitesPlan({ missing: missingOn({}), isRoot: true, hasAptGet: false })).toEqual({
      action: "stop",
      message: "The browser tests need Chromium and nginx, and this machine has no apt-get: install them (or set CHROMIUM_PATH and NGINX_PATH to where they are), then run npm test again.",
    });
  });

  it("never installs when CHROMIUM_PATH names a Chromium that is not there: Debian's would not be used", () => {
    const plan = prerequisitesPlan({ missing: missingOn({ CHROMIUM_PATH: "/opt/chromium" }), isRoot: true, hasAptGet: true });
    expect(plan).toEqual({
      action: "stop",
      message: "CHROMIUM_PATH is /opt/chromium, where there is no executable: point it at one, or unset it to use Debian's chromium (apt-get install -y chromium).",
    });
  });
});
