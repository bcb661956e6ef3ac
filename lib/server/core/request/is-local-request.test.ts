import { isLoopbackAddress } from "./is-local-request";

describe("isLoopbackAddress", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "::FFFF:127.0.0.1"])("accepts %s", (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(["10.0.0.1", "172.17.0.1", "::ffff:10.0.0.1", "::2", "128.0.0.1", "unknown", "", "127.0.0.1 ", "localhost"])("refuses %j", (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
